import { Type, type Static } from 'typebox';

/** What a call to a capability the engine pre-flight refused answers (503), and its studio screen says. */
export const CAPABILITY_UNAVAILABLE = 'This capability is not available on this server right now.';

/** A capability the pre-flight refused: its engine's service lacks what it needs (a node pack, a model file, a model). */
export const UnavailableCapability = Type.Object({
  capability: Type.String(),
  engine: Type.String(),
  problems: Type.Array(Type.String()),
});

/** GET /api/health: 200 when the database answers, else 503 with status 'error'. */
export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  version: Type.String(),
  uptime_s: Type.Integer({ minimum: 0 }),
  /** Capabilities not served now (the studio disables their screens). */
  unavailable: Type.Array(UnavailableCapability),
});
export type HealthResponse = Static<typeof HealthResponse>;
