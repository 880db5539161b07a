import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { FloatingNotice } from './ui/FloatingNotice';

function OfflineIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0" />
      <circle cx="12" cy="19" r="1" fill="currentColor" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/** 'You are offline' with what still works (OfflineIndicator shows it while offline). */
export function OfflineNotice() {
  return (
    <FloatingNotice side="left">
      <HStack gap="3" align="flex-start">
        <Box color="fg.warning" mt="0.5">
          <OfflineIcon />
        </Box>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold">
            You are offline
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Pages you have opened before still work. Logging in, sending forms and payments need a connection: try again
            once you are back online.
          </Text>
        </Stack>
      </HStack>
    </FloatingNotice>
  );
}
