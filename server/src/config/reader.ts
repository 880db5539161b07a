import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import type { Static, TBoolean, TEnum, TInteger } from 'typebox';
import { CAPABILITY_NAMES } from '../../../contract/capabilities.ts';
import { isIsoCountry } from '../site/countries.ts';
import type { SettingName, SettingSchemas } from './settings.ts';
import type { EngineName, GenerationConfig } from './types.ts';
import { declared, ENGINE_NAMES, type SettingOptions, type TextFormat } from './setting.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type NamesOf<T> = { [N in SettingName]: SettingSchemas[N] extends T ? N : never }[SettingName];

/**
 * Reads environment variables by their schemas (config/settings.ts): the type, range, choices
 * and default come from the schema; a text setting is read by the parser its `format` names.
 * Problems are collected, so one ConfigError lists them all.
 */
export class EnvReader {
  readonly problems: string[] = [];
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly schemas: SettingSchemas,
  ) {}

  raw(name: SettingName): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  problem(name: SettingName, message: string): void {
    // Secrets and tokens are never echoed: the message reaches logs and terminals.
    const raw = /SECRET|TOKEN/.test(name) ? undefined : this.env[name];
    this.problems.push(`${name} ${message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`);
  }

  /** The schema of a setting; a text setting must be read by the parser its format names. */
  private schema(name: SettingName, format?: TextFormat | readonly TextFormat[]): SettingOptions {
    const schema = declared(this.schemas[name]);
    const wanted = typeof format === 'string' ? [format] : format;
    if (wanted && !wanted.includes(schema.format as TextFormat)) {
      throw new Error(`config: ${name} is declared with format ${String(schema.format)}, read as ${wanted.join(' or ')}`);
    }
    return schema;
  }

  private textDefault(name: SettingName, format: TextFormat | readonly TextFormat[], fallback?: string): string | undefined {
    const declared = this.schema(name, format).default;
    return fallback ?? (typeof declared === 'string' ? declared : undefined);
  }

  /** A whole number in the schema's range; `limits` narrows it or gives a default the schema cannot (it depends on other settings). */
  int(name: NamesOf<TInteger>, limits: { minimum?: number; default?: number } = {}): number {
    const schema = this.schema(name);
    const min = limits.minimum ?? schema.minimum ?? 0;
    const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
    const fallback = limits.default ?? (schema.default as number | undefined) ?? min;
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      this.problem(name, `must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  }

  oneOf<N extends NamesOf<TEnum>>(name: N): Static<SettingSchemas[N]> {
    const { enum: values = [], default: fallback } = this.schema(name);
    const raw = this.raw(name);
    if (raw === undefined) return fallback as Static<SettingSchemas[N]>;
    if (values.includes(raw)) return raw as Static<SettingSchemas[N]>;
    this.problem(name, `must be one of ${values.join(', ')}`);
    return fallback as Static<SettingSchemas[N]>;
  }

  /** true or false; `fallback` when the default depends on other settings. */
  flag(name: NamesOf<TBoolean>, fallback?: boolean): boolean {
    const value = fallback ?? (this.schema(name).default as boolean);
    const raw = this.raw(name);
    if (raw === undefined) return value;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    this.problem(name, 'must be true or false');
    return value;
  }

  /** Free text, as given. */
  text(name: SettingName): string | undefined {
    return this.raw(name) ?? this.textDefault(name, 'text');
  }

  /** One word (a host name, a region, a URL that is not checked further). */
  word(name: SettingName): string {
    const value = this.raw(name) ?? this.textDefault(name, 'word') ?? '';
    if (/\s/.test(value)) this.problem(name, 'must not contain spaces');
    return value;
  }

  /** A secret of at least the schema's minLength, or undefined when unset. */
  secret(name: SettingName): string | undefined {
    const { minLength = 0 } = this.schema(name, 'secret');
    const value = this.raw(name);
    if (value !== undefined && value.length < minLength) this.problem(name, `must be at least ${minLength} characters`);
    return value;
  }

  /** A path resolved against the working folder; `fallback` when the default depends on other settings. */
  path(name: SettingName, fallback?: string): string {
    return resolve(this.raw(name) ?? this.textDefault(name, 'path', fallback) ?? '');
  }

  /** An existing folder (resolved). */
  directory(name: SettingName): string {
    this.schema(name, 'directory');
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

  private urlOf(name: SettingName, format: TextFormat, protocol: RegExp, message: string): string | null {
    this.schema(name, format);
    const raw = this.raw(name);
    if (raw === undefined) return null;
    if (!protocol.test(raw) || !URL.canParse(raw)) {
      this.problem(name, message);
      return null;
    }
    return raw;
  }

  databaseUrl(name: SettingName): string | null {
    return this.urlOf(name, 'postgres-url', /^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');
  }

  smtpUrl(name: SettingName): string | null {
    return this.urlOf(name, 'smtp-url', /^smtps?:\/\//, 'must be an smtp:// or smtps:// URL');
  }

  /** A path from / or an absolute http(s) URL, without its trailing slash. */
  baseUrl(name: SettingName): string {
    const fallback = this.textDefault(name, 'base-url') ?? '/';
    const raw = this.raw(name) ?? fallback;
    const absolute = /^https?:\/\//.test(raw) && URL.canParse(raw);
    if (!absolute && !raw.startsWith('/')) {
      this.problem(name, 'must start with / or be an absolute http(s) URL');
      return fallback;
    }
    return raw.replace(/\/+$/, '') || '/';
  }

  required(name: SettingName, because: string): string {
    const value = this.raw(name);
    if (value === undefined) this.problem(name, `is required with ${because}`);
    return value ?? '';
  }

  /** An absolute http(s) URL without its trailing slash. */
  absoluteUrl(name: SettingName): string | null {
    this.schema(name, 'absolute-url');
    const raw = this.raw(name) ?? '';
    if (!/^https?:\/\//.test(raw) || !URL.canParse(raw)) {
      this.problem(name, 'must be an absolute http(s) URL');
      return null;
    }
    return raw.replace(/\/+$/, '');
  }

  /** `basic=plan_X,advanced=plan_Y`: provider plan ids by our plan slug. */
  planIds(name: SettingName, slugs: readonly string[]): Record<string, string> {
    this.schema(name, 'plan-ids');
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

  /** A comma list of delays (5s,5m,2h) as given; its owner parses and checks it. */
  durationList(name: SettingName): string {
    return this.raw(name) ?? this.textDefault(name, 'duration-list') ?? '';
  }

  /** A comma list, trimmed and lower-cased. */
  list(name: SettingName): string[] {
    this.schema(name, 'host-list');
    return (this.raw(name) ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  }

  /** redis://[user[:password]@]host[:port][/db] or rediss:// (TLS), or null when unset. */
  redisUrl(name: SettingName): string | null {
    this.schema(name, 'redis-url');
    const url = this.raw(name);
    if (url === undefined) return null;
    const problem = redisUrlProblem(url);
    if (problem === null) return url;
    this.problem(name, `must be a redis:// or rediss:// URL: ${problem}`);
    return null;
  }

  /** A prefix of keys and channels: 1 to 64 letters, digits, dots, dashes or underscores. */
  keyPrefix(name: SettingName): string {
    const prefix = this.raw(name) ?? this.textDefault(name, 'key-prefix') ?? '';
    if (!/^[\w.-]{1,64}$/.test(prefix)) this.problem(name, 'must be 1 to 64 letters, digits, dots, dashes or underscores');
    return prefix;
  }

  /** An absolute path to an executable file, or a bare name found on PATH (resolved to its path). */
  executable(name: SettingName): string {
    const raw = this.raw(name) ?? this.textDefault(name, 'executable') ?? '';
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
  engines(name: SettingName): GenerationConfig['engines'] {
    const raw = this.raw(name) ?? this.textDefault(name, 'engines') ?? 'local';
    const known = (e: string): e is EngineName => (ENGINE_NAMES as readonly string[]).includes(e);
    const entries = raw.includes('=') ? raw.split(',').map((e) => e.trim()).filter(Boolean) : [`default=${raw}`];
    const chosen: Record<string, EngineName> = {};
    for (const entry of entries) {
      const [key, engine, ...rest] = entry.split('=').map((p) => p.trim());
      if (!key || !engine || rest.length > 0 || (key !== 'default' && !(CAPABILITY_NAMES as readonly string[]).includes(key)) || !known(engine)) {
        this.problem(name, `has an entry that is not <capability>=<engine> with an engine of ${ENGINE_NAMES.join(', ')}: ${entry}`);
        continue;
      }
      chosen[key] = engine;
    }
    const fallback = chosen.default ?? 'local';
    return Object.fromEntries(CAPABILITY_NAMES.map((c) => [c, chosen[c] ?? fallback])) as GenerationConfig['engines'];
  }

  countryCode(name: SettingName): string | null {
    this.schema(name, 'country');
    const raw = this.raw(name);
    if (raw === undefined) return null;
    const code = raw.toUpperCase();
    if (!isIsoCountry(code)) {
      this.problem(name, 'must be a two-letter ISO country code such as IN or US');
      return null;
    }
    return code;
  }

  trustProxy(name: SettingName): boolean | number | string[] {
    this.schema(name, 'trust-proxy');
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

/** What ioredis would misread in redis://[user[:password]@]host[:port][/db] (or rediss://, TLS), or null. */
function redisUrlProblem(url: string): string | null {
  if (!URL.canParse(url)) return 'not a URL';
  const { protocol, pathname } = new URL(url);
  if (protocol !== 'redis:' && protocol !== 'rediss:') return `${protocol} is not redis: or rediss:`;
  if (!/^\/?\d*$/.test(pathname)) return 'the database number after / must be a whole number';
  return null;
}
