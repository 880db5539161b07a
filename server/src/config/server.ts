import { Type } from 'typebox';

/** Where and how the process runs. */
export const serverSettings = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'HTTP port (1-65535).' }),
  HOST: Type.String({ format: 'word', default: '0.0.0.0', description: 'Interface to listen on.' }),
  DATA_DIR: Type.String({
    format: 'path',
    default: './data',
    description: 'Folder for all state (SQLite file, media, mail outbox, secret key); relative to the working folder.',
  }),
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development', description: 'development, production or test.' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  }),
  PUBLIC_DIR: Type.String({ format: 'path', defaultText: '<repo>/dist', description: 'The built page (npm run build output).' }),
  TRUST_PROXY: Type.String({
    format: 'trust-proxy',
    default: 'false',
    description: 'Honour X-Forwarded-* from: true (any), false, a hop count, or a comma list of proxy IPs/CIDRs.',
  }),
  PUBLIC_URL: Type.String({
    format: 'absolute-url',
    defaultText: '(unset: taken from each request)',
    description: 'Absolute http(s) URL the site is reached at; payment providers send buyers back to it.',
  }),
  COUNTRY_OVERRIDE: Type.String({
    format: 'country',
    defaultText: '(unset: private and loopback addresses have no country)',
    description: 'ISO country code (e.g. IN) reported for private and loopback addresses; for local development.',
  }),
});
