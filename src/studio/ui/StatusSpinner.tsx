import { Box, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** A spinner that says what is loading: a status region with its words for screen readers. */
export function StatusSpinner({ label, size = 'sm' }: { label: string; size?: 'sm' | 'lg' }) {
  return (
    <Box as="span" role="status" display="inline-flex">
      <Spinner size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}
