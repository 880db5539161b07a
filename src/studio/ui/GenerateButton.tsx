import type { ButtonProps } from '@chakra-ui/react';
import { AccentButton } from '../../app/ui/AccentButton';

interface GenerateButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  busy: boolean;
  /** The percentage to show while busy ('Generating... (N%)'); faces show 'Generating...'. */
  percent?: number;
}

/** 'Generate …' / 'Generating... (N%)' (spec §2): disabled while its job runs. */
export function GenerateButton({ label, busy, percent, ...rest }: GenerateButtonProps) {
  return (
    <AccentButton size="lg" w="full" disabled={busy} aria-busy={busy} {...rest}>
      {busy ? (percent === undefined ? 'Generating...' : `Generating... (${percent}%)`) : label}
    </AccentButton>
  );
}
