import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { Type, type TString, type TStringOptions } from 'typebox';
import Format from 'typebox/format';
import { CAPABILITY_NAMES, type Capability } from '../../../contract/capabilities.ts';
import { isIsoCountry } from '../site/countries.ts';
import { ENGINE_NAMES, type TextFormat } from './setting.ts';
import type { EngineName } from './types.ts';

// The text formats of the settings' schemas: what is wrong with a value of each (registered with
// TypeBox's format registry, so Value.Check applies them, and read back for the ConfigError's
// message), and the decoders that turn a checked text into what the server uses.


/** Our plan slugs, which RAZORPAY_PLAN_IDS and PAYPAL_PLAN_IDS map to provider plan ids. */
export const PLAN_SLUGS = ['basic', 'advanced', 'premium'] as const;

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
const MAX_DELAY_MS = 24 * 3_600_000;

/** '5s,5m,2h' → [5000, 300000, 7200000], or the reason it is not a schedule. */
export function parseRetrySchedule(raw: string): { delays: number[] } | { problem: string } {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length < 1 || parts.length > 10) return { problem: 'must list 1 to 10 delays' };
  const delays: number[] = [];
  for (const part of parts) {
    const match = /^(\d{1,6})(s|m|h)$/.exec(part);
    const ms = match ? Number(match[1]) * (UNIT_MS[match[2] as string] as number) : NaN;
    if (!(ms >= 1000 && ms <= MAX_DELAY_MS)) return { problem: `must be delays like 5s,5m,2h (each 1s to 24h; got ${JSON.stringify(part)})` };
    delays.push(ms);
  }
  return { delays };
}

/** What ioredis would misread in redis://[user[:password]@]host[:port][/db] (or rediss://, TLS), or null. */
function redisUrlProblem(url: string): string | null {
  if (!URL.canParse(url)) return 'not a URL';
  const { protocol, pathname } = new URL(url);
  if (protocol !== 'redis:' && protocol !== 'rediss:') return `${protocol} is not redis: or rediss:`;
  if (!/^\/?\d*$/.test(pathname)) return 'the database number after / must be a whole number';
  return null;
}

const isHttpUrl = (raw: string) => /^https?:\/\//.test(raw) && URL.canParse(raw);
const entriesOf = (raw: string) => raw.split(',').map((e) => e.trim()).filter(Boolean);
const pairOf = (entry: string) => entry.split('=').map((p) => p.trim());

/** `local`, or `default=local,face=…`, as entries of capability (or default) and engine. */
const engineEntries = (raw: string) => (raw.includes('=') ? entriesOf(raw) : [`default=${raw}`]);
const badEngineEntry = (entry: string) => {
  const [key, engine, ...rest] = pairOf(entry);
  return !key || !engine || rest.length > 0 || (key !== 'default' && !(CAPABILITY_NAMES as readonly string[]).includes(key)) || !(ENGINE_NAMES as readonly string[]).includes(engine);
};
const badPlanEntry = (entry: string) => {
  const [slug, id, ...rest] = pairOf(entry);
  return !slug || !id || rest.length > 0 || !(PLAN_SLUGS as readonly string[]).includes(slug);
};
const trustProxyNames = ['loopback', 'linklocal', 'uniquelocal'];
const isDirectory = (dir: string) => {
  try {
    return statSync(resolve(dir)).isDirectory();
  } catch {
    return false;
  }
};

/** The problems of a value in each format (none: it is one); each becomes `NAME <problem> (got "…")`. */
const PROBLEMS: Readonly<Record<TextFormat, (raw: string) => string[]>> = {
  text: () => [],
  secret: () => [],
  path: () => [],
  // Found on PATH (another setting) when a job runs: the start resolves it (config/generation.ts).
  executable: () => [],
  word: (raw) => (/\s/.test(raw) ? ['must not contain spaces'] : []),
  directory: (raw) => (isDirectory(raw) ? [] : ['must be an existing folder']),
  'postgres-url': (raw) => (/^postgres(ql)?:\/\//.test(raw) && URL.canParse(raw) ? [] : ['must be a postgres:// or postgresql:// URL']),
  'smtp-url': (raw) => (/^smtps?:\/\//.test(raw) && URL.canParse(raw) ? [] : ['must be an smtp:// or smtps:// URL']),
  'base-url': (raw) => (isHttpUrl(raw) || raw.startsWith('/') ? [] : ['must start with / or be an absolute http(s) URL']),
  'absolute-url': (raw) => (isHttpUrl(raw) ? [] : ['must be an absolute http(s) URL']),
  'redis-url': (raw) => {
    const problem = redisUrlProblem(raw);
    return problem === null ? [] : [`must be a redis:// or rediss:// URL: ${problem}`];
  },
  'key-prefix': (raw) => (/^[\w.-]{1,64}$/.test(raw) ? [] : ['must be 1 to 64 letters, digits, dots, dashes or underscores']),
  country: (raw) => (isIsoCountry(raw.toUpperCase()) ? [] : ['must be a two-letter ISO country code such as IN or US']),
  'trust-proxy': (raw) => {
    if (raw === 'true' || raw === 'false' || /^\d+$/.test(raw)) return [];
    const bad = entriesOf(raw).filter((e) => !trustProxyNames.includes(e) && isIP(e.split('/')[0] ?? '') === 0);
    return bad.length > 0 ? [`has entries that are not IPs or CIDRs: ${bad.join(', ')}`] : [];
  },
  'plan-ids': (raw) =>
    entriesOf(raw).filter(badPlanEntry).map((entry) => `has an entry that is not <plan>=<id> with plan one of ${PLAN_SLUGS.join(', ')}: ${entry}`),
  'host-list': () => [],
  engines: (raw) =>
    engineEntries(raw).filter(badEngineEntry).map((entry) => `has an entry that is not <capability>=<engine> with an engine of ${ENGINE_NAMES.join(', ')}: ${entry}`),
  'duration-list': (raw) => {
    const parsed = parseRetrySchedule(raw);
    return 'problem' in parsed ? [parsed.problem] : [];
  },
};

/** What is wrong with `raw` as a value of `format` (TypeBox found it does not match). */
export const formatProblems = (format: TextFormat, raw: string): string[] => PROBLEMS[format](raw);

let registered = false;
/** Teaches TypeBox's format registry our formats (once; the names are ours, not JSON Schema's). */
export function registerFormats(): void {
  if (registered) return;
  for (const [name, problems] of Object.entries(PROBLEMS)) Format.Set(name, (raw) => problems(raw).length === 0);
  registered = true;
}

type TextOptions = Omit<TStringOptions, 'format'> & { defaultText?: string };

/** A text setting in `format`, as given. */
export const Text = (format: TextFormat, options: TextOptions = {}): TString => Type.String({ ...options, format });

// The text settings the server uses in another shape: TypeBox decodes them once checked.

/** A path, resolved against the working folder. */
export const Path = (format: 'path' | 'directory', options: TextOptions = {}) => Type.Decode(Text(format, options), (raw) => resolve(raw));
/** A URL or path without its trailing slash (`/` stays `/`). */
export const Url = (format: 'base-url' | 'absolute-url', options: TextOptions = {}) => Type.Decode(Text(format, options), (raw) => raw.replace(/\/+$/, '') || '/');
/** An ISO country code, upper-cased. */
export const Country = (options: TextOptions) => Type.Decode(Text('country', options), (raw) => raw.toUpperCase());
/** true, false, a hop count or a list of proxy addresses (Fastify's trustProxy). */
export const TrustProxy = (options: TextOptions) =>
  Type.Decode(Text('trust-proxy', options), (raw): boolean | number | string[] => (raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : entriesOf(raw)));
/** A comma list, trimmed and lower-cased. */
export const HostList = (options: TextOptions) => Type.Decode(Text('host-list', options), (raw) => entriesOf(raw).map((h) => h.toLowerCase()));
/** Provider plan ids by our plan slug. */
export const PlanIds = (options: TextOptions) =>
  Type.Decode(Text('plan-ids', options), (raw): Readonly<Record<string, string>> => Object.fromEntries(entriesOf(raw).map((entry) => pairOf(entry) as [string, string])));
/** The engine of each capability. */
export const Engines = (options: TextOptions) =>
  Type.Decode(Text('engines', options), (raw): Readonly<Record<Capability, EngineName>> => {
    const chosen = Object.fromEntries(engineEntries(raw).map((entry) => pairOf(entry) as [string, EngineName]));
    const fallback = chosen.default ?? 'local';
    return Object.fromEntries(CAPABILITY_NAMES.map((c) => [c, chosen[c] ?? fallback])) as Record<Capability, EngineName>;
  });
/** Delays in ms. */
export const Durations = (options: TextOptions) => Type.Decode(Text('duration-list', options), (raw): readonly number[] => (parseRetrySchedule(raw) as { delays: number[] }).delays);
