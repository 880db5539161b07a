import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIsoCountry } from './site/countries.ts';
import { CAPABILITY_NAMES, type Capability } from '../../contract/capabilities.ts';

/** Every setting the server reads, for README and for `--help`-style listings. */
export const configTable = [
  { name: 'PORT', default: '8080', description: 'HTTP port (1-65535).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for all state (SQLite file, media, mail outbox, secret key); relative to the working folder.' },
  { name: 'DATABASE_URL', default: '(unset: SQLite at DATA_DIR/app.db)', description: 'postgres://user:pass@host:5432/db to use Postgres. Add ?options=-c%20search_path%3Dname to use a schema.' },
  { name: 'NODE_ENV', default: 'development', description: 'development, production or test.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  { name: 'PUBLIC_DIR', default: '<repo>/dist', description: 'The built page (npm run build output).' },
  { name: 'MEDIA_DIR', default: 'DATA_DIR/media', description: 'Folder served at /media (generated media, templates, site media; with S3_ENDPOINT templates and site media only).' },
  { name: 'MEDIA_BASE_URL', default: '/media', description: 'Public base URL of media: /media, or an absolute http(s) URL of a bucket or CDN.' },
  { name: 'TRUST_PROXY', default: 'false', description: 'Honour X-Forwarded-* from: true (any), false, a hop count, or a comma list of proxy IPs/CIDRs.' },
  { name: 'JWT_SECRET', default: '(generated into DATA_DIR/secret.key)', description: 'Secret that signs access tokens; at least 32 characters.' },
  { name: 'GOOGLE_CLIENT_ID', default: '(unset: Google sign-in hidden)', description: 'OAuth client id; the audience Google ID tokens must carry.' },
  { name: 'GOOGLE_JWKS_URL', default: 'https://www.googleapis.com/oauth2/v3/certs', description: 'Where the keys that sign Google ID tokens are fetched (tests point it at a local JWKS).' },
  { name: 'SMTP_URL', default: '(unset: mail goes to DATA_DIR/outbox as .eml files)', description: 'smtp:// or smtps://user:pass@host:port to send mail through an SMTP server.' },
  { name: 'MAIL_FROM', default: 'Persona Studio <no-reply@personastudio.ai>', description: 'Sender of every mail.' },
  { name: 'SUPPORT_INBOX', default: 'support@personastudio.ai', description: 'Where contact-form messages are mailed.' },
  { name: 'COUNTRY_OVERRIDE', default: '(unset: private and loopback addresses have no country)', description: 'ISO country code (e.g. IN) reported for private and loopback addresses; for local development.' },
  { name: 'DEV_MAILBOX', default: '(unset: on only in development with a loopback HOST)', description: 'true or false: serve the mail outbox at /dev/mailbox and /api/dev/outbox, to loopback connections without proxy headers. Refused in production.' },
  { name: 'PUBLIC_URL', default: '(unset: taken from each request)', description: 'Absolute http(s) URL the site is reached at; payment providers send buyers back to it.' },
  { name: 'PAYMENTS_INDIA', default: 'sandbox (in production: must be set)', description: 'Who takes payments from India: razorpay, off (paid plans are not sold there) or sandbox (no network, our own checkout page whose Approve button gives the plan for free; refused in production unless PAYMENTS_SANDBOX_IN_PRODUCTION=true).' },
  { name: 'PAYMENTS_INTERNATIONAL', default: 'sandbox (in production: must be set)', description: 'Who takes payments from other countries: paypal, off or sandbox (as PAYMENTS_INDIA).' },
  { name: 'PAYMENTS_SANDBOX_IN_PRODUCTION', default: 'false', description: 'true: with NODE_ENV=production, a market left unset or set to sandbox runs on the sandbox, where anyone gets any paid plan by clicking Approve (demos and benches); every start logs a warning.' },
  { name: 'RAZORPAY_KEY_ID', default: '(unset)', description: 'Razorpay API key id (required with PAYMENTS_INDIA=razorpay).' },
  { name: 'RAZORPAY_KEY_SECRET', default: '(unset)', description: 'Razorpay API key secret.' },
  { name: 'RAZORPAY_WEBHOOK_SECRET', default: '(unset)', description: 'Secret of the Razorpay webhook pointed at /api/webhooks/razorpay.' },
  { name: 'RAZORPAY_API_URL', default: 'https://api.razorpay.com/v1', description: 'Razorpay API base (tests point it at a local fake).' },
  { name: 'RAZORPAY_PLAN_IDS', default: '(unset: plan_basic_inr, plan_advanced_inr, plan_premium_inr)', description: 'Razorpay plan ids per plan: basic=plan_X,advanced=plan_Y,premium=plan_Z.' },
  { name: 'PAYPAL_CLIENT_ID', default: '(unset)', description: 'PayPal REST client id (required with PAYMENTS_INTERNATIONAL=paypal).' },
  { name: 'PAYPAL_CLIENT_SECRET', default: '(unset)', description: 'PayPal REST client secret.' },
  { name: 'PAYPAL_WEBHOOK_ID', default: '(unset)', description: 'Id of the PayPal webhook pointed at /api/webhooks/paypal (signatures are verified against it).' },
  { name: 'PAYPAL_API_URL', default: 'https://api-m.paypal.com', description: 'PayPal API base: https://api-m.sandbox.paypal.com for PayPal\'s own sandbox; tests point it at a local fake.' },
  { name: 'PAYPAL_PLAN_IDS', default: '(unset: P-BASIC-USD, P-ADVANCED-USD, P-PREMIUM-USD)', description: 'PayPal plan ids per plan: basic=P-X,advanced=P-Y,premium=P-Z.' },
  { name: 'CLIENT_SECRET', default: 'persona-studio-client', description: 'The page\'s fixed client secret (VITE_CLIENT_SECRET at build): generation calls carry its SHA-256 as the security-key header. Not a security boundary (it ships in the page).' },
  { name: 'FFMPEG_PATH', default: 'ffmpeg (found on PATH)', description: 'The ffmpeg binary (Debian\'s package): an absolute path or a name on PATH; checked at start.' },
  { name: 'FFPROBE_PATH', default: 'ffprobe (found on PATH)', description: 'The ffprobe binary: an absolute path or a name on PATH; checked at start.' },
  { name: 'WORKER_CONCURRENCY', default: '2 (0 in API processes when REDIS_URL is set)', description: 'Generation jobs run at once by each process that runs jobs (0-32; 0: this API process runs none). `npm run worker` needs at least 1.' },
  { name: 'JOB_LEASE_SECONDS', default: '30', description: 'A running job whose process stops renewing its lease for this long is taken up again by another (1-600).' },
  { name: 'RUN_JOBS', default: 'true', description: 'false: this API process only queues jobs; `npm run worker` processes run them.' },
  { name: 'REDIS_URL', default: '(unset: jobs are found by polling the database; rate limits count per process)', description: 'redis://[user:password@]host:6379[/db] or rediss://: jobs go through a BullMQ queue to `npm run worker` processes, and rate limits, cancels and job wake-ups are shared by every process.' },
  { name: 'REDIS_PREFIX', default: 'persona', description: 'Prefix of every Redis key and channel (queue, rate limits, job events), so deployments can share one Redis.' },
  { name: 'GENERATION_ENGINES', default: 'local', description: 'Engine per capability: one name for all (local), or default=local,face=…,image=…; capabilities face, image, swapImage, swapVideo, clothSwap, imageToVideo, music.' },
  { name: 'UPLOAD_MAX_BYTES', default: '10485760', description: 'Largest garment image accepted (bytes).' },
  { name: 'AUDIO_MAX_BYTES', default: '31457280', description: 'Largest song, voice or instrumental file accepted (bytes).' },
  { name: 'FETCH_ALLOW_HOSTS', default: '(unset: none)', description: 'Tests only: comma list of host or host:port that server-side fetches may reach although private or loopback. Refused in production.' },
  { name: 'TEMPLATES_AT_START', default: 'true', description: 'false: make templates only when first asked for, not the whole library at start (test servers).' },
  { name: 'TEMPLATE_CACHE', default: '(unset: no cache)', description: 'Folder keeping finished template media to copy instead of regenerating (tests, CI, many data folders).' },
  { name: 'REPLICATE_API_TOKEN', default: '(unset)', description: 'Replicate API token; required when GENERATION_ENGINES names replicate. Never logged.' },
  { name: 'REPLICATE_BASE_URL', default: 'https://api.replicate.com/v1', description: 'Replicate API base (a local fake in tests).' },
  { name: 'REPLICATE_MODELS_PATH', default: '(unset: server/src/engines/replicate/models.json)', description: 'JSON file of the model and input template per capability for the replicate engine.' },
  { name: 'COMFYUI_URL', default: '(unset)', description: 'Base URL of a self-hosted ComfyUI (http://host:8188); required when GENERATION_ENGINES names comfyui.' },
  { name: 'COMFYUI_WORKFLOWS_DIR', default: '(unset: server/src/engines/comfyui/workflows)', description: 'Folder of ComfyUI API-format workflows; a file named like a shipped one (face-prompt.json, …) replaces it.' },
  { name: 'COMFYUI_TIMEOUT_SECONDS', default: '600', description: 'A ComfyUI job not finished after this long is interrupted and fails (10-86400; the job kind\'s own limit still applies).' },
  { name: 'SITE_MEDIA_CACHE', default: '(unset: no cache)', description: 'Folder keeping a finished site media library to copy instead of regenerating (tests, CI, many data folders).' },
  { name: 'S3_ENDPOINT', default: '(unset: media in MEDIA_DIR)', description: 'http(s) URL of an S3-compatible store (https://s3.<region>.amazonaws.com, MinIO, R2, …): users\' media (generated, uploaded, fetched) is kept in S3_BUCKET there; checked at start.' },
  { name: 'S3_BUCKET', default: '(unset)', description: 'The bucket (required with S3_ENDPOINT; it must exist).' },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset)', description: 'Access key id (required with S3_ENDPOINT).' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret access key (required with S3_ENDPOINT). Never logged.' },
  { name: 'S3_REGION', default: 'us-east-1', description: 'Region requests are signed for.' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'true', description: 'true: endpoint/bucket/key URLs (S3-compatible servers); false: bucket.endpoint/key (AWS virtual-hosted style).' },
  { name: 'S3_PUBLIC_URL', default: '(unset: media URLs stay /media/…, served by this server from the bucket)', description: 'Absolute http(s) URL of the bucket\'s public contents (public bucket or CDN): media URLs point there and the page loads them from there.' },
  { name: 'S3_PRESIGN_SECONDS', default: '(unset: the server streams /media/… from the bucket)', description: 'With S3_ENDPOINT, 60-604800: /media/… answers a redirect to a GET URL signed for this long, so the bytes come from the store (the bucket needs CORS for downloads). Not with S3_PUBLIC_URL.' },
] as const satisfies readonly ConfigDoc[];

export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
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
  readonly jwtSecret: string;
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

export interface RedisConfig {
  readonly url: string;
  /** Prefix of every key and channel. */
  readonly prefix: string;
}

/** Which entry point reads the settings: an API process or `npm run worker`. */
export type ProcessRole = 'api' | 'worker';

/** GENERATION_ENGINES' keys: the capabilities of contract/capabilities.ts. */
export const CAPABILITIES: readonly Capability[] = CAPABILITY_NAMES;
export const ENGINE_NAMES = ['local', 'replicate', 'comfyui'] as const;

export interface GenerationConfig {
  /** SHA-256 (hex) of CLIENT_SECRET: the security-key header generation calls carry. */
  readonly securityKey: string;
  readonly ffmpegPath: string;
  readonly ffprobePath: string;
  /** Jobs this process runs at once (0 for an API process that only queues). */
  readonly workerConcurrency: number;
  readonly leaseMs: number;
  /** This process runs jobs: RUN_JOBS and a WORKER_CONCURRENCY above 0 (false: it only queues them for `npm run worker`). */
  readonly runJobs: boolean;
  /** Engine name per capability. */
  readonly engines: Readonly<Record<Capability, (typeof ENGINE_NAMES)[number]>>;
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

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Name = (typeof configTable)[number]['name'];

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIN_SECRET_LENGTH = 32;

/** Reads and validates every setting; throws one ConfigError listing all problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: ProcessRole = 'api'): Config {
  const r = new EnvReader(env);
  const dataDir = r.path('DATA_DIR', './data');
  const partial = {
    nodeEnv: r.oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development'),
    host: r.string('HOST', '0.0.0.0'),
    port: r.int('PORT', 8080, 1, 65535),
    dataDir,
    databaseUrl: r.databaseUrl('DATABASE_URL'),
    logLevel: r.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    publicDir: r.path('PUBLIC_DIR', join(REPO_ROOT, 'dist')),
    mediaDir: r.path('MEDIA_DIR', join(dataDir, 'media')),
    mediaBaseUrl: r.baseUrl('MEDIA_BASE_URL', '/media'),
    trustProxy: r.trustProxy('TRUST_PROXY'),
    googleClientId: r.raw('GOOGLE_CLIENT_ID') ?? null,
    googleJwksUrl: r.baseUrl('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
    smtpUrl: r.smtpUrl('SMTP_URL'),
    outboxDir: join(dataDir, 'outbox'),
    mailFrom: r.raw('MAIL_FROM') ?? 'Persona Studio <no-reply@personastudio.ai>',
    supportInbox: r.raw('SUPPORT_INBOX') ?? 'support@personastudio.ai',
    countryOverride: r.countryCode('COUNTRY_OVERRIDE'),
    siteMediaCache: r.raw('SITE_MEDIA_CACHE') === undefined ? null : r.path('SITE_MEDIA_CACHE', ''),
  };
  const payments = readPayments(r, partial.nodeEnv);
  const redis = readRedis(r);
  const generation = readGeneration(r, partial.nodeEnv, role, redis !== null);
  const s3 = readS3(r);
  const publicUrl = r.raw('PUBLIC_URL') === undefined ? null : r.absoluteUrl('PUBLIC_URL');
  const devMailbox = r.flag('DEV_MAILBOX', partial.nodeEnv === 'development' && isLoopbackHost(partial.host));
  if (devMailbox && partial.nodeEnv === 'production') r.problem('DEV_MAILBOX', 'must not be true in production (the outbox holds sign-up and reset codes)');
  const givenSecret = r.raw('JWT_SECRET');
  if (givenSecret !== undefined && givenSecret.length < MIN_SECRET_LENGTH) {
    r.problem('JWT_SECRET', `must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  const jwtSecret = givenSecret ?? readOrCreateSecret(dataDir);
  return Object.freeze({ ...partial, devMailbox, jwtSecret, publicUrl, payments, generation, s3, redis });
}

const PLAN_SLUGS = ['basic', 'advanced', 'premium'];

function readPayments(r: EnvReader, nodeEnv: NodeEnv): PaymentsConfig {
  const india = r.oneOf('PAYMENTS_INDIA', ['sandbox', 'razorpay', 'off'] as const, 'sandbox');
  const international = r.oneOf('PAYMENTS_INTERNATIONAL', ['sandbox', 'paypal', 'off'] as const, 'sandbox');
  const sandboxAllowed = r.flag('PAYMENTS_SANDBOX_IN_PRODUCTION', false) || nodeEnv !== 'production';
  // The sandbox's Approve button gives any plan to anyone: production sells through a real provider or not at all.
  for (const [name, chosen, real] of [['PAYMENTS_INDIA', india, 'razorpay'], ['PAYMENTS_INTERNATIONAL', international, 'paypal']] as const) {
    if (chosen === 'sandbox' && !sandboxAllowed) {
      r.problem(name, `must be ${real} or off in production: the sandbox checkout gives paid plans away (PAYMENTS_SANDBOX_IN_PRODUCTION=true runs it anyway)`);
    }
  }
  const razorpay =
    india === 'razorpay'
      ? {
          keyId: r.required('RAZORPAY_KEY_ID', 'PAYMENTS_INDIA=razorpay'),
          keySecret: r.required('RAZORPAY_KEY_SECRET', 'PAYMENTS_INDIA=razorpay'),
          webhookSecret: r.required('RAZORPAY_WEBHOOK_SECRET', 'PAYMENTS_INDIA=razorpay'),
          apiUrl: r.baseUrl('RAZORPAY_API_URL', 'https://api.razorpay.com/v1'),
          planIds: r.planIds('RAZORPAY_PLAN_IDS', PLAN_SLUGS),
        }
      : null;
  const paypal =
    international === 'paypal'
      ? {
          clientId: r.required('PAYPAL_CLIENT_ID', 'PAYMENTS_INTERNATIONAL=paypal'),
          clientSecret: r.required('PAYPAL_CLIENT_SECRET', 'PAYMENTS_INTERNATIONAL=paypal'),
          webhookId: r.required('PAYPAL_WEBHOOK_ID', 'PAYMENTS_INTERNATIONAL=paypal'),
          apiUrl: r.baseUrl('PAYPAL_API_URL', 'https://api-m.paypal.com'),
          planIds: r.planIds('PAYPAL_PLAN_IDS', PLAN_SLUGS),
        }
      : null;
  return { india, international, razorpay, paypal };
}

const S3_SETTINGS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL', 'S3_PRESIGN_SECONDS'] as const;

function readS3(r: EnvReader): S3Config | null {
  if (r.raw('S3_ENDPOINT') === undefined) {
    // A half-made S3 set-up would silently keep media on local disk: say so instead.
    for (const name of S3_SETTINGS) if (r.raw(name) !== undefined) r.problem(name, 'is set but S3_ENDPOINT is not');
    return null;
  }
  const publicUrl = r.raw('S3_PUBLIC_URL') === undefined ? null : r.absoluteUrl('S3_PUBLIC_URL');
  const presignSeconds = r.raw('S3_PRESIGN_SECONDS') === undefined ? null : r.int('S3_PRESIGN_SECONDS', 3600, 60, 604800);
  if (publicUrl !== null && presignSeconds !== null) r.problem('S3_PRESIGN_SECONDS', 'must not be set with S3_PUBLIC_URL (media URLs are either public or signed)');
  return {
    endpoint: r.absoluteUrl('S3_ENDPOINT') ?? '',
    bucket: r.required('S3_BUCKET', 'S3_ENDPOINT'),
    accessKeyId: r.required('S3_ACCESS_KEY_ID', 'S3_ENDPOINT'),
    secretAccessKey: r.required('S3_SECRET_ACCESS_KEY', 'S3_ENDPOINT'),
    region: r.string('S3_REGION', 'us-east-1'),
    forcePathStyle: r.flag('S3_FORCE_PATH_STYLE', true),
    publicUrl,
    presignSeconds,
  };
}

export const DEFAULT_CLIENT_SECRET = 'persona-studio-client';

/** The security-key header for a client secret: SHA-256, hex (as the page computes it). */
export const securityKeyFor = (secret: string): string => createHash('sha256').update(secret).digest('hex');

function readRedis(r: EnvReader): RedisConfig | null {
  const url = r.raw('REDIS_URL');
  const prefix = r.raw('REDIS_PREFIX') ?? 'persona';
  if (!/^[\w.-]{1,64}$/.test(prefix)) r.problem('REDIS_PREFIX', 'must be 1 to 64 letters, digits, dots, dashes or underscores');
  if (url === undefined) return null;
  const problem = redisUrlProblem(url);
  if (problem) {
    r.problem('REDIS_URL', `must be a redis:// or rediss:// URL: ${problem}`);
    return null;
  }
  return { url, prefix };
}

/** What ioredis would misread in redis://[user[:password]@]host[:port][/db] (or rediss://, TLS), or null. */
function redisUrlProblem(url: string): string | null {
  if (!URL.canParse(url)) return 'not a URL';
  const { protocol, pathname } = new URL(url);
  if (protocol !== 'redis:' && protocol !== 'rediss:') return `${protocol} is not redis: or rediss:`;
  if (!/^\/?\d*$/.test(pathname)) return 'the database number after / must be a whole number';
  return null;
}

function readGeneration(r: EnvReader, nodeEnv: NodeEnv, role: ProcessRole, withRedis: boolean): GenerationConfig {
  const fetchAllowHosts = (r.raw('FETCH_ALLOW_HOSTS') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (fetchAllowHosts.length > 0 && nodeEnv === 'production') r.problem('FETCH_ALLOW_HOSTS', 'must not be set in production (it lets fetches reach private hosts)');
  const engines = r.engines('GENERATION_ENGINES');
  const usesReplicate = Object.values(engines).includes('replicate');
  const replicateToken = r.raw('REPLICATE_API_TOKEN');
  if (usesReplicate && !replicateToken) r.problem('REPLICATE_API_TOKEN', 'must be set when GENERATION_ENGINES names replicate');
  const replicate = usesReplicate
    ? {
        token: replicateToken ?? '',
        baseUrl: r.string('REPLICATE_BASE_URL', 'https://api.replicate.com/v1'),
        modelsPath: r.path('REPLICATE_MODELS_PATH', fileURLToPath(new URL('./engines/replicate/models.json', import.meta.url))),
      }
    : null;
  // With Redis, API processes stay stateless: jobs go to `npm run worker` processes unless told otherwise.
  const workerConcurrency = r.int('WORKER_CONCURRENCY', withRedis && role === 'api' ? 0 : 2, role === 'worker' ? 1 : 0, 32);
  const usesComfyui = Object.values(engines).includes('comfyui');
  if (usesComfyui && r.raw('COMFYUI_URL') === undefined) r.problem('COMFYUI_URL', 'must be set when GENERATION_ENGINES names comfyui');
  const comfyui = usesComfyui
    ? {
        url: r.raw('COMFYUI_URL') === undefined ? '' : (r.absoluteUrl('COMFYUI_URL') ?? ''),
        workflowsDir: r.raw('COMFYUI_WORKFLOWS_DIR') === undefined ? null : r.directory('COMFYUI_WORKFLOWS_DIR'),
        timeoutMs: r.int('COMFYUI_TIMEOUT_SECONDS', 600, 10, 86_400) * 1000,
      }
    : null;
  return {
    securityKey: securityKeyFor(r.raw('CLIENT_SECRET') ?? DEFAULT_CLIENT_SECRET),
    ffmpegPath: r.executable('FFMPEG_PATH', 'ffmpeg'),
    ffprobePath: r.executable('FFPROBE_PATH', 'ffprobe'),
    workerConcurrency,
    leaseMs: r.int('JOB_LEASE_SECONDS', 30, 1, 600) * 1000,
    runJobs: r.flag('RUN_JOBS', true) && workerConcurrency > 0,
    engines,
    uploadMaxBytes: r.int('UPLOAD_MAX_BYTES', 10 * 1024 * 1024, 1024, 200 * 1024 * 1024),
    audioMaxBytes: r.int('AUDIO_MAX_BYTES', 30 * 1024 * 1024, 1024, 500 * 1024 * 1024),
    fetchAllowHosts,
    templateCache: r.raw('TEMPLATE_CACHE') === undefined ? null : r.path('TEMPLATE_CACHE', ''),
    templatesAtStart: r.flag('TEMPLATES_AT_START', true),
    replicate,
    comfyui,
  };
}

/** A HOST only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Keeps tokens valid across restarts when JWT_SECRET is not set. */
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

class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  raw(name: Name): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  problem(name: Name, message: string): void {
    // Secrets and tokens are never echoed: the message reaches logs and terminals.
    const raw = /SECRET|TOKEN/.test(name) ? undefined : this.env[name];
    this.problems.push(`${name} ${message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`);
  }

  string(name: Name, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (/\s/.test(value)) this.problem(name, 'must not contain spaces');
    return value;
  }

  int(name: Name, fallback: number, min: number, max: number): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      this.problem(name, `must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  }

  oneOf<T extends string>(name: Name, values: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    this.problem(name, `must be one of ${values.join(', ')}`);
    return fallback;
  }

  flag(name: Name, fallback: boolean): boolean {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    this.problem(name, 'must be true or false');
    return fallback;
  }

  path(name: Name, fallback: string): string {
    return resolve(this.raw(name) ?? fallback);
  }

  /** An existing folder (resolved). */
  directory(name: Name): string {
    const dir = resolve(this.raw(name) ?? '');
    let ok = false;
    try {
      ok = statSync(dir).isDirectory();
    } catch {
      ok = false;
    }
    if (!ok) this.problem(name, 'must be an existing folder');
    return dir;
  }

  databaseUrl(name: Name): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    if (!/^postgres(ql)?:\/\//.test(raw) || !URL.canParse(raw)) {
      this.problem(name, 'must be a postgres:// or postgresql:// URL');
      return null;
    }
    return raw;
  }

  smtpUrl(name: Name): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    if (!/^smtps?:\/\//.test(raw) || !URL.canParse(raw)) {
      this.problem(name, 'must be an smtp:// or smtps:// URL');
      return null;
    }
    return raw;
  }

  baseUrl(name: Name, fallback: string): string {
    const raw = this.raw(name) ?? fallback;
    const absolute = /^https?:\/\//.test(raw) && URL.canParse(raw);
    if (!absolute && !raw.startsWith('/')) {
      this.problem(name, 'must start with / or be an absolute http(s) URL');
      return fallback;
    }
    return raw.replace(/\/+$/, '') || '/';
  }

  required(name: Name, because: string): string {
    const value = this.raw(name);
    if (value === undefined) this.problem(name, `is required with ${because}`);
    return value ?? '';
  }

  absoluteUrl(name: Name): string | null {
    const raw = this.raw(name) ?? '';
    if (!/^https?:\/\//.test(raw) || !URL.canParse(raw)) {
      this.problem(name, 'must be an absolute http(s) URL');
      return null;
    }
    return raw.replace(/\/+$/, '');
  }

  /** `basic=plan_X,advanced=plan_Y`: provider plan ids by our plan slug. */
  planIds(name: Name, slugs: readonly string[]): Record<string, string> {
    const raw = this.raw(name);
    if (raw === undefined) return {};
    const ids: Record<string, string> = {};
    for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
      const [slug, id, ...rest] = entry.split('=').map((p) => p.trim());
      if (!slug || !id || rest.length > 0 || !slugs.includes(slug)) {
        this.problem(name, `has an entry that is not <plan>=<id> with plan one of ${slugs.join(', ')}: ${entry}`);
        continue;
      }
      ids[slug] = id;
    }
    return ids;
  }

  /** An absolute path to an executable file, or a bare name found on PATH (resolved to its path). */
  executable(name: Name, fallback: string): string {
    const raw = this.raw(name) ?? fallback;
    const candidates = raw.includes('/') ? [resolve(raw)] : (this.env.PATH ?? process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, raw));
    const found = candidates.find((file) => {
      try {
        accessSync(file, constants.X_OK);
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
    if (!found) this.problem(name, raw.includes('/') ? 'is not an executable file' : `names no executable on PATH (install Debian's ffmpeg package)`);
    return found ?? raw;
  }

  /** `local`, or `default=local,face=…`: the engine of each capability. */
  engines(name: Name): GenerationConfig['engines'] {
    const raw = this.raw(name) ?? 'local';
    const known = (e: string): e is (typeof ENGINE_NAMES)[number] => (ENGINE_NAMES as readonly string[]).includes(e);
    const entries = raw.includes('=') ? raw.split(',').map((e) => e.trim()).filter(Boolean) : [`default=${raw}`];
    const chosen: Record<string, (typeof ENGINE_NAMES)[number]> = {};
    for (const entry of entries) {
      const [key, engine, ...rest] = entry.split('=').map((p) => p.trim());
      if (!key || !engine || rest.length > 0 || (key !== 'default' && !(CAPABILITIES as readonly string[]).includes(key)) || !known(engine)) {
        this.problem(name, `has an entry that is not <capability>=<engine> with an engine of ${ENGINE_NAMES.join(', ')}: ${entry}`);
        continue;
      }
      chosen[key] = engine;
    }
    const fallback = chosen.default ?? 'local';
    return Object.fromEntries(CAPABILITIES.map((c) => [c, chosen[c] ?? fallback])) as GenerationConfig['engines'];
  }

  countryCode(name: Name): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    const code = raw.toUpperCase();
    if (!isIsoCountry(code)) {
      this.problem(name, 'must be a two-letter ISO country code such as IN or US');
      return null;
    }
    return code;
  }

  trustProxy(name: Name): boolean | number | string[] {
    const raw = this.raw(name);
    if (raw === undefined || raw === 'false') return false;
    if (raw === 'true') return true;
    if (/^\d+$/.test(raw)) return Number(raw);
    const entries = raw.split(',').map((s) => s.trim()).filter(Boolean);
    const named = ['loopback', 'linklocal', 'uniquelocal'];
    const bad = entries.filter((e) => !named.includes(e) && isIP(e.split('/')[0] ?? '') === 0);
    if (bad.length > 0) this.problem(name, `has entries that are not IPs or CIDRs: ${bad.join(', ')}`);
    return entries;
  }
}
