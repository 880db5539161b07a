import { Type, type Static } from 'typebox';

// The developer API (issue 30): personal API keys and signed webhook endpoints. Shapes shared by
// the server's routes (validation, responses, OpenAPI), the page's profile section and the CLI.

/** Every API key starts with this; the server tells a key from a session token by it. */
export const API_KEY_PREFIX = 'psk_';
/** Every endpoint secret starts with this (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The answer to an API key on a route that only a signed-in person may use (account, password, keys, webhooks, billing). */
export const API_KEY_REFUSED = 'API keys cannot be used here.';
export const API_KEYS_MAX = 20;
export const WEBHOOK_ENDPOINTS_MAX = 10;

export const WEBHOOK_EVENTS = ['job.succeeded', 'job.failed', 'job.canceled', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** POST /api/webhook-endpoints/{id}/test sends this event (issue 45), whatever the endpoint subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** GET /api/webhook-endpoints/{id}/deliveries answers this many, newest first. */
export const DELIVERIES_LISTED = 20;

const Id = Type.String({ maxLength: 64 });
const At = Type.String({ format: 'date-time' });

export const KeyIdParams = Type.Object({ id: Id });
export const EndpointIdParams = Type.Object({ id: Id });

export const CreateKeyBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 80, description: 'What the key is for, e.g. "agency CMS"' }) });
export type CreateKeyBody = Static<typeof CreateKeyBody>;

/** 201: the key itself, shown this once (only its SHA-256 is kept). */
export const CreatedKey = Type.Object({ id: Type.String(), name: Type.String(), key: Type.String({ description: 'psk_… Shown once: store it now.' }), created_at: At });
export type CreatedKey = Static<typeof CreatedKey>;

export const KeySummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
  created_at: At,
  last_used_at: Type.Union([At, Type.Null()], { description: 'Updated at most once a minute' }),
});
export type KeySummary = Static<typeof KeySummary>;
export const KeyList = Type.Object({ keys: Type.Array(KeySummary) });
export type KeyList = Static<typeof KeyList>;

const EventList = Type.Array(Type.Union(WEBHOOK_EVENTS.map((e) => Type.Literal(e))), { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true });

export const CreateEndpointBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'https:// (or http://) URL on a public address' }),
  events: Type.Optional({ ...EventList, description: 'Events to send; all of them when left out' }),
});
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const CreatedEndpoint = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  secret: Type.String({ description: 'whsec_… Shown once: verify each delivery\'s webhook-signature with it.' }),
});
export type CreatedEndpoint = Static<typeof CreatedEndpoint>;

export const DeliveryState = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]);

export const EndpointSummary = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  disabled: Type.Boolean({ description: 'true once the receiver answered 410 Gone' }),
  last_delivery: Type.Union([Type.Object({ status: DeliveryState, at: At }), Type.Null()]),
});
export type EndpointSummary = Static<typeof EndpointSummary>;
export const EndpointList = Type.Object({ endpoints: Type.Array(EndpointSummary) });
export type EndpointList = Static<typeof EndpointList>;

export const Delivery = Type.Object({
  id: Type.String({ description: 'The webhook-id header, the same on every attempt' }),
  event: Type.String(),
  status: DeliveryState,
  attempts: Type.Integer({ minimum: 0 }),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  next_at: Type.Union([At, Type.Null()], { description: 'When the next attempt is due (pending only)' }),
  created_at: At,
  updated_at: At,
});
export type Delivery = Static<typeof Delivery>;
export const DeliveryList = Type.Object({ deliveries: Type.Array(Delivery) });
export type DeliveryList = Static<typeof DeliveryList>;
/** 202 from POST /api/webhook-endpoints/{id}/test: the delivery made, sent and retried like any other. */
export const TestDeliveryResponse = Type.Object({ delivery_id: Type.String() });
export type TestDeliveryResponse = Static<typeof TestDeliveryResponse>;
