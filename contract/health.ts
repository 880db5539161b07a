import { Type, type Static } from 'typebox';

/** GET /api/health: 200 when the database answers, else 503 with status 'error'. */
export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  version: Type.String(),
  uptime_s: Type.Integer({ minimum: 0 }),
});
export type HealthResponse = Static<typeof HealthResponse>;
