import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authSettings } from './auth.ts';
import { ConfigError } from './parse.ts';
import { declared } from './setting.ts';
import type { Config, Settings } from './types.ts';

const MIN_SECRET_LENGTH = declared(authSettings.properties.JWT_SECRET).minLength ?? 0;

/**
 * The start-time step that gives an API process its access-token secret: JWT_SECRET, else
 * DATA_DIR/secret.key, made on the first start (so tokens stay valid across restarts).
 */
export function withJwtSecret(settings: Settings): Config {
  if (settings.jwtSecret !== null) return settings as Config;
  return Object.freeze({ ...settings, jwtSecret: readOrCreateSecret(settings.dataDir) });
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError([`${file}: holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to regenerate`]);
  }
  return secret;
}
