import { IconButton, type IconButtonProps } from '@chakra-ui/react';

interface MotionToggleProps extends Omit<IconButtonProps, 'aria-label' | 'onClick' | 'children'> {
  /** What moves, for the label: 'Pause {what}' / 'Play {what}'. */
  what: string;
  paused: boolean;
  onToggle: () => void;
}

/** WCAG 2.2.2: a visible control that stops (and restarts) one block's motion. */
export function MotionToggle({ what, paused, onToggle, ...rest }: MotionToggleProps) {
  return (
    <IconButton
      aria-label={`${paused ? 'Play' : 'Pause'} ${what}`}
      size="sm"
      variant="outline"
      rounded="full"
      bg="bg/70"
      borderColor="border.emphasized"
      color="fg"
      onClick={onToggle}
      {...rest}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        {paused ? <path d="M8 5.5v13l10.5-6.5z" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />}
      </svg>
    </IconButton>
  );
}
