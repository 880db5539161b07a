import { Box } from '@chakra-ui/react';

/** A labelled progress bar (0-100) for screen readers and eyes alike. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} h="1.5" w="full" rounded="full" bg="bg.emphasized" overflow="hidden">
      <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.4s" />
    </Box>
  );
}
