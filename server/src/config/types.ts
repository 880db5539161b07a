// The settings' types, made from the schemas by loadConfig (config/index.ts), never written again.
import type { ENGINE_NAMES } from './setting.ts';
import type { loadConfig } from './index.ts';

/** Every setting, read and checked (loadConfig), before the start-time steps (JWT_SECRET's file). */
export type Settings = ReturnType<typeof loadConfig>;

/** The settings an API process runs with: the access-token secret is known. */
export type Config = Settings & { readonly jwtSecret: string };

/** Which entry point reads the settings: an API process or `npm run worker`. */
export type ProcessRole = 'api' | 'worker';

export type NodeEnv = Settings['nodeEnv'];
export type LogLevel = Settings['logLevel'];
export type EngineName = (typeof ENGINE_NAMES)[number];
export type PaymentsConfig = Settings['payments'];
export type GenerationConfig = Settings['generation'];
export type DeveloperConfig = Settings['developer'];
export type C2paConfig = Settings['c2pa'];
export type S3Config = NonNullable<Settings['s3']>;
export type RedisConfig = NonNullable<Settings['redis']>;
