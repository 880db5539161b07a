import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { Country, Path, Text, TrustProxy, Url } from './formats.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where and how the process runs. */
export const serverSettings = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'HTTP port (1-65535).' }),
  HOST: Text('word', { default: '0.0.0.0', description: 'Interface to listen on.' }),
  DATA_DIR: Path('path', {
    default: './data',
    description: 'Folder for all state (SQLite file, media, mail outbox, secret key); relative to the working folder.',
  }),
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development', description: 'development, production or test.' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  }),
  PUBLIC_DIR: Path('path', { default: `${REPO_ROOT}dist`, defaultText: '<repo>/dist', description: 'The built page (npm run build output).' }),
  TRUST_PROXY: TrustProxy({
    default: 'false',
    description: 'Honour X-Forwarded-* from: true (any), false, a hop count, or a comma list of proxy IPs/CIDRs.',
  }),
  PUBLIC_URL: Type.Optional(Url('absolute-url', {
    defaultText: '(unset: taken from each request)',
    description: 'Absolute http(s) URL the site is reached at; payment providers send buyers back to it.',
  })),
  COUNTRY_OVERRIDE: Type.Optional(Country({
    defaultText: '(unset: private and loopback addresses have no country)',
    description: 'ISO country code (e.g. IN) reported for private and loopback addresses; for local development.',
  })),
});
