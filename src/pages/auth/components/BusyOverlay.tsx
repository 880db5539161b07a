import { Box, Spinner, Text, VStack } from '@chakra-ui/react';

/** Full-screen blurred overlay with a spinner; blocks the page while a request runs. */
export function BusyOverlay({ label = 'Please wait...' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-live="assertive"
      position="fixed"
      inset="0"
      zIndex="modal"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="rgba(9, 9, 15, 0.55)"
      backdropFilter="blur(8px)"
    >
      <VStack gap="4" px="8" py="6" rounded="2xl" bg="bg.panel/80" borderWidth="1px" borderColor="border">
        <Spinner size="xl" color="brand.fg" borderWidth="4px" />
        <Text fontWeight="medium">{label}</Text>
      </VStack>
    </Box>
  );
}
