import { Box } from '@chakra-ui/react';

/**
 * A labelled progress bar (0-100) for screen readers and eyes alike. `value` null: indeterminate
 * (issue 45: an engine that reports no progress), a moving band and no value, never a frozen 0%.
 */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  if (value === null)
    return (
      <Box role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} h="1.5" w="full" rounded="full" bg="bg.emphasized" overflow="hidden" position="relative">
        <Box
          position="absolute"
          h="full"
          w="40%"
          rounded="full"
          bg="brand.solid"
          css={{ '--animate-from-x': '-40%', '--animate-to-x': '100%' }}
          animation="position 1.4s ease-in-out infinite"
          _motionReduce={{ animation: 'none', insetInlineStart: '30%' }}
        />
      </Box>
    );
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} h="1.5" w="full" rounded="full" bg="bg.emphasized" overflow="hidden">
      <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.4s" />
    </Box>
  );
}
