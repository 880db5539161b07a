import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Shown while a lazily loaded page arrives. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center role="status" aria-live="polite" minH="40vh" w="full">
      <Spinner size="lg" color="brand.fg" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
