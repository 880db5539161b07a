import type { ButtonProps } from '@chakra-ui/react';
import { useContext } from 'react';
import { AccentButton } from '../../app/ui/AccentButton';
import { CapabilityUnavailable } from './StudioScreen';

interface GenerateButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  busy: boolean;
  /** The percentage to show while busy ('Generating... (N%)'); faces show 'Generating...'. */
  percent?: number;
}

/** 'Generate …' / 'Generating... (N%)' (spec §2): disabled while its job runs, and while the server refuses the screen's capability. */
export function GenerateButton({ label, busy, percent, ...rest }: GenerateButtonProps) {
  const unavailable = useContext(CapabilityUnavailable);
  return (
    <AccentButton size="lg" w="full" disabled={busy || unavailable} aria-busy={busy} {...rest}>
      {busy ? (percent === undefined ? 'Generating...' : `Generating... (${percent}%)`) : label}
    </AccentButton>
  );
}
