import { pino, type Logger } from 'pino';
import type { Config } from './config/index.ts';

/** The one pino logger: fastify uses it for request logs, startup code before the app exists. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["security-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}
