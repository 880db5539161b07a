import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';

export interface StudioNotice {
  message: string;
  /** Spec §8: a 403 (subscription needed) adds Subscribe, which goes to /subscription. */
  subscribe: boolean;
  /** A request waiting in the outbox: a status (not an alert) that the user can cancel. */
  queued?: boolean;
}

/**
 * The notification bar (spec §2): a message, Subscribe when a subscription is needed, and close.
 * A queued request shows here too, with 'Cancel request' in place of close.
 */
export function NotificationBar({ notice, onClose }: { notice: StudioNotice | null; onClose: () => void }) {
  const navigate = useNavigate();
  if (!notice) return null;
  return (
    <Box role={notice.queued ? 'status' : 'alert'} rounded="xl" borderWidth="1px" borderColor={notice.subscribe || notice.queued ? 'brand.500' : 'red.500'} bg="bg.panel" px="4" py="3" mb="5">
      <HStack gap="3" align="center" flexWrap="wrap">
        <Text flex="1" minW="12rem" fontSize="sm">
          {notice.message}
        </Text>
        {notice.subscribe && (
          <Button size="sm" onClick={() => navigate('/subscription')}>
            Subscribe
          </Button>
        )}
        {notice.queued ? (
          <Button size="sm" variant="outline" onClick={onClose}>
            Cancel request
          </Button>
        ) : (
          <CloseButton aria-label="Close notification" size="sm" onClick={onClose} />
        )}
      </HStack>
    </Box>
  );
}
