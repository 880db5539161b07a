import type { Capability } from '../../../contract/capabilities.ts';
import type { ENGINE_NAMES } from './setting.ts';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Which entry point reads the settings: an API process or `npm run worker`. */
export type ProcessRole = 'api' | 'worker';

/** Every setting, read and checked (loadConfig), before the start-time steps (JWT_SECRET's file). */
export interface Settings {
  readonly nodeEnv: NodeEnv;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Postgres URL, or null for SQLite at `dataDir/app.db`. */
  readonly databaseUrl: string | null;
  readonly logLevel: LogLevel;
  readonly publicDir: string;
  readonly mediaDir: string;
  /** No trailing slash: `/media` or `https://bucket.example/media`. */
  readonly mediaBaseUrl: string;
  readonly trustProxy: boolean | number | string[];
  /** JWT_SECRET, or null: the start reads (or makes) DATA_DIR/secret.key (config/secret.ts). */
  readonly jwtSecret: string | null;
  /** JWT_SECRET_PREVIOUS: what was sealed under it is read and sealed again under the current secret. */
  readonly jwtSecretPrevious: string | null;
  readonly googleClientId: string | null;
  /** JWKS that Google ID tokens are verified against. */
  readonly googleJwksUrl: string;
  /** null: write mail to `outboxDir` instead of sending it. */
  readonly smtpUrl: string | null;
  readonly outboxDir: string;
  readonly mailFrom: string;
  readonly supportInbox: string;
  /** ISO code reported for private/loopback addresses (development), or null. */
  readonly countryOverride: string | null;
  /** Serve the outbox (sign-up and reset codes) at /dev/mailbox and /api/dev/outbox. */
  readonly devMailbox: boolean;
  /** Folder of finished site media libraries to reuse, or null. */
  readonly siteMediaCache: string | null;
  /** Absolute base URL of the site (no trailing slash), or null to take it from each request. */
  readonly publicUrl: string | null;
  readonly payments: PaymentsConfig;
  readonly generation: GenerationConfig;
  /** Users' media in an S3-compatible bucket, or null for MEDIA_DIR. */
  readonly s3: S3Config | null;
  /** Redis (BullMQ queue, shared rate limits, job events), or null: everything stays in this process. */
  readonly redis: RedisConfig | null;
  /** What Content Credentials are signed with. */
  readonly c2pa: C2paConfig;
  /** API keys and webhooks. */
  readonly developer: DeveloperConfig;
}

export interface DeveloperConfig {
  /** Requests per minute allowed to each API key. */
  readonly apiKeyRatePerMinute: number;
  /** WEBHOOK_RETRY_SCHEDULE in ms: the delay before attempt 2, 3, …; the delivery is given up after the last. */
  readonly webhookRetryMs: readonly number[];
  /** http:// endpoints are taken: outside production, or with WEBHOOK_ALLOW_HTTP=true. */
  readonly webhookAllowHttp: boolean;
}

/** The settings an API process runs with: the access-token secret is known. */
export interface Config extends Settings {
  readonly jwtSecret: string;
}

export interface S3Config {
  /** No trailing slash. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly forcePathStyle: boolean;
  /** Base of public media URLs (no trailing slash), or null: /media/<key> served by the server. */
  readonly publicUrl: string | null;
  /** /media/<key> redirects to a GET URL signed for this long; null: the server streams it. */
  readonly presignSeconds: number | null;
}

export interface C2paConfig {
  /** The operator's private key and certificate chain (PEM files), both or neither; null: a local chain made in DATA_DIR. */
  readonly keyFile: string | null;
  readonly chainFile: string | null;
  /** The organisation named in a locally made chain. */
  readonly organization: string;
}

export interface RedisConfig {
  readonly url: string;
  /** Prefix of every key and channel. */
  readonly prefix: string;
}

export interface GenerationConfig {
  /** SHA-256 (hex) of CLIENT_SECRET: the security-key header generation calls carry. */
  readonly securityKey: string;
  readonly ffmpegPath: string;
  readonly ffprobePath: string;
  /** espeak-ng: a talking character's typed text spoken (ESPEAK_NG_PATH). */
  readonly espeakPath: string;
  /** Jobs this process runs at once (0 for an API process that only queues). */
  readonly workerConcurrency: number;
  readonly leaseMs: number;
  /** This process runs jobs: RUN_JOBS and a WORKER_CONCURRENCY above 0 (false: it only queues them for `npm run worker`). */
  readonly runJobs: boolean;
  /** Engine name per capability. */
  readonly engines: Readonly<Record<Capability, EngineName>>;
  readonly uploadMaxBytes: number;
  readonly audioMaxBytes: number;
  /** host or host:port (lower case) that server-side fetches may reach although private (tests). */
  readonly fetchAllowHosts: readonly string[];
  /** Folder of finished template media to reuse, or null. */
  readonly templateCache: string | null;
  /** Make the whole template library at start (else each template when first asked for). */
  readonly templatesAtStart: boolean;
  /** The replicate engine's settings; null when no capability uses it. */
  readonly replicate: { readonly token: string; readonly baseUrl: string; readonly modelsPath: string } | null;
  /** The comfyui engine's settings; null when no capability uses it. */
  readonly comfyui: { readonly url: string; readonly workflowsDir: string | null; readonly timeoutMs: number } | null;
}

export interface PaymentsConfig {
  /** off: paid plans are not sold to visitors from that market. */
  readonly india: 'sandbox' | 'razorpay' | 'off';
  readonly international: 'sandbox' | 'paypal' | 'off';
  /** Set when PAYMENTS_INDIA=razorpay. */
  readonly razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string; planIds: Readonly<Record<string, string>> } | null;
  /** Set when PAYMENTS_INTERNATIONAL=paypal. */
  readonly paypal: { clientId: string; clientSecret: string; webhookId: string; apiUrl: string; planIds: Readonly<Record<string, string>> } | null;
}
