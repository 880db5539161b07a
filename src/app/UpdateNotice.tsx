import { Box, CloseButton, HStack, Text } from '@chakra-ui/react';
import { AccentButton } from './ui/AccentButton';

/** 'A new version is available' with Reload and a dismiss button (UpdatePrompt shows it). */
export default function UpdateNotice({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
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
        <AccentButton size="sm" rounded="full" onClick={onReload}>
          Reload
        </AccentButton>
        <CloseButton size="sm" color="fg.muted" aria-label="Dismiss update notice" onClick={onDismiss} />
      </HStack>
    </Box>
  );
}
