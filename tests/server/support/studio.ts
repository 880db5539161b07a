// Studio test helpers: a signed-in user with a plan, and calls carrying the bearer token and the
// page's security-key header, as the page sends them.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { readDigitalSourceType, readXmp } from '../../../contract/provenance/index.ts';
import { DIGITAL_SOURCE_TYPE_BASE } from '../../../server/src/provenance/types.ts';
import { DEFAULT_CLIENT_SECRET, securityKeyFor } from '../../../server/src/config/index.ts';
import { accountsApp, type AccountsApp } from './accounts.ts';
import { failureCodes, readContentCredentials } from './c2pa-reader.ts';
import type { TestDatabase } from './db.ts';

export const SECURITY_KEY = securityKeyFor(DEFAULT_CLIENT_SECRET);
/** Shared by every test run: templates are made once, then copied (like SITE_MEDIA_CACHE). */
export const TEMPLATE_CACHE = join(process.cwd(), '.tmp', 'template-cache');
/** The site media library, made once and copied into every server process's data folder (as the browser tests do). */
export const SITE_MEDIA_CACHE = join(process.cwd(), '.tmp', 'site-media-cache');

export interface StudioUser {
  userId: string;
  access: string;
  email: string;
}

export interface StudioApp extends AccountsApp {
  /** A verified user holding `plan` (an operator grant) unless plan is null. */
  user(email: string, plan?: string | null): Promise<StudioUser>;
  call(user: StudioUser, url: string, payload: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(user: StudioUser, url: string): Promise<LightMyRequestResponse>;
  /** Polls GET /api/jobs/{id} until the job is final. */
  settle(user: StudioUser, jobId: string, timeoutMs?: number): Promise<Record<string, unknown>>;
}

export async function studioApp(database: TestDatabase, env: NodeJS.ProcessEnv = {}): Promise<StudioApp> {
  const t = await accountsApp(database, { TEMPLATE_CACHE, ...env });
  const auth = (user: StudioUser, headers: Record<string, string> = {}) => ({ authorization: `Bearer ${user.access}`, 'security-key': SECURITY_KEY, ...headers });
  const studio: StudioApp = {
    ...t,
    async user(email, plan = 'premium') {
      const s = await t.signUp(email);
      if (plan) await t.app.billing.grants.grant(s.profile.user_id, plan, 30);
      return { userId: s.profile.user_id, access: s.access, email };
    },
    call: (user, url, payload, headers) => t.app.inject({ method: 'POST', url, payload, headers: auth(user, headers) }),
    get: (user, url) => t.app.inject({ method: 'GET', url, headers: auth(user) }),
    async settle(user, jobId, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await studio.get(user, `/api/jobs/${jobId}`);
        expect(res.statusCode, res.body).toBe(200);
        const job = res.json() as Record<string, unknown>;
        if (['succeeded', 'failed', 'canceled'].includes(job.status as string)) return job;
        if (Date.now() > deadline) throw new Error(`job ${jobId} still ${String(job.status)} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100)); // timing-ok: poll interval of settle(), which has a deadline
      }
    },
  };
  return studio;
}

/** The IPTC digital source type a stored file carries in its XMP (e.g. 'algorithmicMedia'), or null. */
export function markOf(bytes: Uint8Array): string | null {
  const packet = readXmp(bytes);
  const uri = packet === null ? null : readDigitalSourceType(packet);
  return uri?.startsWith(DIGITAL_SOURCE_TYPE_BASE) ? uri.slice(DIGITAL_SOURCE_TYPE_BASE.length) : uri;
}

/**
 * The mark of a stored output, fetched by its URL as the page would; its Content Credentials are
 * validated on the way by c2pa-rs (not by the code that wrote them): the only failure allowed is
 * the self-made chain's trust, and the actions say what the IPTC mark says (made from nothing:
 * c2pa.created with the code; built on outside media: c2pa.opened, then c2pa.edited with the code).
 */
export async function markAt(t: StudioApp, url: string): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const bytes = new Uint8Array(res.rawPayload);
  const mark = markOf(bytes);
  const store = await readContentCredentials(bytes, String(res.headers['content-type']).split(';')[0]);
  expect(failureCodes(store), url).toEqual(['signingCredential.untrusted']);
  const manifest = store.manifests[store.active_manifest];
  const actions = (manifest.assertions.find((a) => a.label.startsWith('c2pa.actions'))?.data.actions ?? []) as { action: string; digitalSourceType?: string }[];
  const code = mark === null ? undefined : DIGITAL_SOURCE_TYPE_BASE + mark;
  const composite = mark?.startsWith('composite') === true;
  expect(actions.map((a) => [a.action, a.digitalSourceType]), url).toEqual(
    composite ? [['c2pa.opened', undefined], ['c2pa.edited', code]] : [['c2pa.created', code]],
  );
  if (composite) expect(manifest.ingredients.map((i) => i.relationship), url).toContain('parentOf');
  return mark;
}

export type FormFields = Record<string, string | { name: string; data: Buffer; type: string }>;

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: FormFields): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----persona${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`), value.data, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart generation call (cloth swap, music) as the page sends it. */
export function upload(t: StudioApp, user: StudioUser, url: string, fields: FormFields, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const form = multipart(fields);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${user.access}`, 'security-key': SECURITY_KEY, ...headers } });
}

/** A mono sine tone of `seconds` as WAV, made by ffmpeg in `dir`. */
export function sineWav(dir: string, seconds: number): Buffer {
  const file = join(dir, `sine-${seconds}.wav`);
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-ar', '16000', file]);
  return readFileSync(file);
}
