import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { DELIVERIES_LISTED, WEBHOOK_TEST_EVENT, type Delivery } from '../../../../../contract/developer';
import { ApiError } from '../../../../api/client';
import { developerApi } from '../../../../api/developer';

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const DELIVERY_TEXT = { pending: 'retrying', succeeded: 'delivered', failed: 'failed' } as const;
export const DELIVERY_PALETTE = { pending: 'orange', succeeded: 'green', failed: 'red' } as const;

type Load = { state: 'closed' } | { state: 'loading' } | { state: 'error' } | { state: 'ready'; deliveries: Delivery[] };

/** One delivery: its event and time, then its state, the receiver's answer code and, while retried, the next try. */
function DeliveryRow({ delivery }: { delivery: Delivery }) {
  return (
    <Stack as="li" gap="0.5" py="1.5" borderTopWidth="1px" borderColor="border.muted" fontSize="sm">
      <HStack gap="2" flexWrap="wrap">
        <Text as="span" fontFamily="mono" fontWeight="medium">
          {delivery.event}
        </Text>
        <Text as="span" color="fg.muted">
          {when(delivery.created_at)}
        </Text>
      </HStack>
      <HStack gap="2" flexWrap="wrap" color="fg.muted">
        <Badge colorPalette={DELIVERY_PALETTE[delivery.status]}>{DELIVERY_TEXT[delivery.status]}</Badge>
        <span>{delivery.response_status === null ? 'no answer' : `answer ${delivery.response_status}`}</span>
        <span>
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        {delivery.status === 'pending' && delivery.next_at ? <span>next try {when(delivery.next_at)}</span> : null}
      </HStack>
    </Stack>
  );
}

/**
 * An endpoint's last deliveries (issue 45: GET /api/webhook-endpoints/{id}/deliveries, shown on
 * demand) and "Send test event" (POST …/test: a signed webhook.test delivery, listed at once).
 */
export function EndpointDeliveries({ id, url, onRead }: { id: string; url: string; /** After each read: the endpoint's own line (its last delivery) is read again too. */ onRead: () => void }) {
  const [load, setLoad] = useState<Load>({ state: 'closed' });
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const listId = useId();
  const open = load.state !== 'closed';

  const read = useCallback(async () => {
    try {
      setLoad({ state: 'ready', deliveries: (await developerApi.deliveries(id)).data.deliveries });
      onRead();
    } catch {
      setLoad({ state: 'error' });
    }
  }, [id, onRead]);
  useEffect(() => {
    if (load.state === 'loading') void read();
  }, [load.state, read]);

  const sendTest = async () => {
    setSending(true);
    setMessage(null);
    try {
      await developerApi.testEndpoint(id);
      setMessage({ text: `A ${WEBHOOK_TEST_EVENT} event is on its way.`, error: false });
      if (open) await read();
      else setLoad({ state: 'loading' });
    } catch (err) {
      setMessage({ text: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Could not send the test event. Please try again.', error: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="2">
      <HStack gap="2" flexWrap="wrap">
        <Button size="xs" variant="outline" aria-expanded={open} aria-controls={open ? listId : undefined} aria-label={`Deliveries of ${url}`} onClick={() => setLoad(open ? { state: 'closed' } : { state: 'loading' })}>
          Deliveries
        </Button>
        {open && (
          <Button size="xs" variant="ghost" aria-label={`Refresh the deliveries of ${url}`} onClick={() => void read()}>
            Refresh
          </Button>
        )}
        <Button size="xs" variant="outline" loading={sending} aria-label={`Send test event to ${url}`} onClick={() => void sendTest()}>
          Send test event
        </Button>
        <Text as="span" role="status" fontSize="xs" color={message?.error ? 'fg.error' : 'fg.muted'}>
          {message?.text}
        </Text>
      </HStack>
      {open && (
        <Stack id={listId} gap="1">
          {load.state === 'loading' ? (
            <Text role="status" fontSize="sm" color="fg.muted">
              Loading deliveries...
            </Text>
          ) : load.state === 'error' ? (
            <Text role="alert" fontSize="sm" color="fg.error">
              Could not load the deliveries.
            </Text>
          ) : load.state === 'ready' && load.deliveries.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No deliveries yet.
            </Text>
          ) : load.state === 'ready' ? (
            <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label={`Last ${DELIVERIES_LISTED} deliveries to ${url}`}>
              {load.deliveries.map((d) => (
                <DeliveryRow key={d.id} delivery={d} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
