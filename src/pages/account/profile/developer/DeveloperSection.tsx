import { Badge, Box, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import type { EndpointSummary, KeySummary } from '../../../../../contract/developer';
import { API_KEY_PREFIX, WEBHOOK_EVENTS, type WebhookEvent } from '../../../../../contract/developer';
import { ApiError } from '../../../../api/client';
import { developerApi } from '../../../../api/developer';
import { brand } from '../../../../theme/palette';
import { DELIVERY_PALETTE, DELIVERY_TEXT, EndpointDeliveries, when } from './EndpointDeliveries';
import { ManagedList } from './ManagedList';

/** Profile → API keys & webhooks: personal keys for the API and the CLI, and endpoints that receive job events. */
export function DeveloperSection() {
  const [events, setEvents] = useState<readonly WebhookEvent[]>(WEBHOOK_EVENTS);
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((now) => WEBHOOK_EVENTS.filter((e) => (e === event ? on : now.includes(e))));
  const loadKeys = useCallback(async () => (await developerApi.keys()).data.keys, []);
  const loadEndpoints = useCallback(async () => (await developerApi.endpoints()).data.endpoints, []);
  return (
    <Stack gap="8">
      <ManagedList<KeySummary>
        title="API keys"
        description={
          <>
            Call the API and the CLI as yourself with <code>Authorization: Bearer {API_KEY_PREFIX}…</code>. See the{' '}
            <Link href="/api/docs" color="brand.fg" textDecoration="underline">
              API reference
            </Link>
            .
          </>
        }
        field={{ label: 'Key name', placeholder: 'e.g. agency CMS', type: 'text', maxLength: 80 }}
        createLabel="Create key"
        secretLabel="API key"
        empty="No API keys yet."
        load={loadKeys}
        create={async (name) => (await developerApi.createKey(name)).data.key}
        remove={async (key) => void (await developerApi.revokeKey(key.id))}
        removeText="Revoke"
        removeLabel={(key) => `Revoke key ${key.name}`}
        confirm={(key) => ({ title: `Revoke key ${key.name}?`, body: 'Apps and scripts using this key stop working at once. This cannot be undone.' })}
        renderItem={(key) => (
          <Stack gap="0">
            <Text fontWeight="semibold" wordBreak="break-word">
              {key.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              <code>{key.prefix}…</code> · created {when(key.created_at)} · {key.last_used_at ? `last used ${when(key.last_used_at)}` : 'never used'}
            </Text>
          </Stack>
        )}
      />
      <ManagedList<EndpointSummary>
        title="Webhook endpoints"
        description="We POST the events you choose to these URLs, signed per Standard Webhooks with the endpoint's secret."
        field={{ label: 'Endpoint URL', placeholder: 'https://example.com/persona-hooks', type: 'url', maxLength: 2000 }}
        createLabel="Add endpoint"
        secretLabel="signing secret"
        empty="No webhook endpoints yet."
        load={loadEndpoints}
        extra={
          // Native checkboxes: the app's Chakra system carries no checkbox or fieldset recipe (theme/system.ts).
          <Box as="fieldset" mt="3" border="0" p="0" m="0">
            <Box as="legend" fontSize="sm" fontWeight="medium" mb="1">
              Events to send
            </Box>
            <Stack direction="row" flexWrap="wrap" gap="4">
              {WEBHOOK_EVENTS.map((event) => (
                <Box as="label" key={event} display="inline-flex" alignItems="center" gap="2" fontFamily="mono" fontSize="sm" cursor="pointer">
                  <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} style={{ width: '1rem', height: '1rem', accentColor: brand[500] }} />
                  {event}
                </Box>
              ))}
            </Stack>
          </Box>
        }
        create={async (url) => {
          if (events.length === 0) throw new ApiError(400, undefined, 'Choose at least one event.');
          return (await developerApi.createEndpoint(url, [...events])).data.secret;
        }}
        remove={async (endpoint) => void (await developerApi.deleteEndpoint(endpoint.id))}
        removeText="Delete"
        removeLabel={(endpoint) => `Delete endpoint ${endpoint.url}`}
        confirm={(endpoint) => ({ title: `Delete endpoint ${endpoint.url}?`, body: 'It stops receiving events, and its deliveries are deleted. This cannot be undone.' })}
        renderDetails={(endpoint, reload) => <EndpointDeliveries id={endpoint.id} url={endpoint.url} onRead={reload} />}
        renderItem={(endpoint) => (
          <Stack gap="1">
            <Text fontWeight="semibold" wordBreak="break-all">
              {endpoint.url}
            </Text>
            <Text fontSize="sm" color="fg.muted" display="flex" gap="2" flexWrap="wrap" alignItems="center">
              <span>{endpoint.events.join(', ')}</span>
              {endpoint.disabled ? <Badge colorPalette="red">disabled (410)</Badge> : null}
              {endpoint.last_delivery ? (
                <>
                  <Badge colorPalette={DELIVERY_PALETTE[endpoint.last_delivery.status]}>{DELIVERY_TEXT[endpoint.last_delivery.status]}</Badge>
                  <span>last delivery {when(endpoint.last_delivery.at)}</span>
                </>
              ) : (
                <span>no deliveries yet</span>
              )}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  );
}
