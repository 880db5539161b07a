import { CloseButton, HStack, Text } from '@chakra-ui/react';
import { FloatingNotice } from './ui/FloatingNotice';
import { AccentButton } from './ui/AccentButton';

/** 'A new version is available' with Reload and a dismiss button (UpdatePrompt shows it). */
export default function UpdateNotice({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  return (
    <FloatingNotice side="right">
      <HStack gap="3" align="center">
        <Text flex="1" fontSize="sm" fontWeight="medium">
          A new version is available
        </Text>
        <AccentButton size="sm" rounded="full" onClick={onReload}>
          Reload
        </AccentButton>
        <CloseButton size="sm" color="fg.muted" aria-label="Dismiss update notice" onClick={onDismiss} />
      </HStack>
    </FloatingNotice>
  );
}
