import { Box, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { AccentButton } from './ui/AccentButton';

/**
 * Registers the service worker (production builds only; see main.tsx) and, when a new version
 * is waiting, offers to switch to it. Reload sends SKIP_WAITING; the page reloads once the new
 * worker takes control.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;

  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      zIndex="toast"
      bottom={{ base: 3, md: 6 }}
      left={{ base: 3, md: 'auto' }}
      right={{ base: 3, md: 6 }}
      maxW={{ md: 'sm' }}
      p="4"
      rounded="l3"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.emphasized"
      boxShadow="0 18px 50px -12px rgba(0, 0, 0, 0.7)"
    >
      <HStack gap="3" align="center">
        <Text flex="1" fontSize="sm" fontWeight="medium">
          A new version is available
        </Text>
        <AccentButton size="sm" rounded="full" onClick={() => void updateServiceWorker(true)}>
          Reload
        </AccentButton>
        <CloseButton size="sm" color="fg.muted" aria-label="Dismiss update notice" onClick={() => setNeedRefresh(false)} />
      </HStack>
    </Box>
  );
}
