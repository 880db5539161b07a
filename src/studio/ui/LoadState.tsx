import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { StatusSpinner } from './StatusSpinner';

/** A screen's data that could not be loaded: the message and "Try again". */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack align="center" py="12" gap="3" role="alert">
      <Text>{message}</Text>
      <Button size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/** A screen's data on its way: a large spinner that says what loads. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="16">
      <StatusSpinner size="lg" label={label} />
    </Center>
  );
}
