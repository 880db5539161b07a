// `persona` (npm run cli -- …): the API from a terminal, with a personal API key. Built on the
// page-free core of the typed client (contract/apiCore.ts) and the capability registry's calls, so
// it sends exactly what the page sends. Exit codes: 0 done, 1 refused or failed, 2 usage.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApiError, createApiCore, type ApiCore } from '../../contract/apiCore.ts';
import type { BatchView } from '../../contract/batches.ts';
import { CAPABILITIES, type Capability } from '../../contract/capabilities.ts';
import type { Character, CharacterList } from '../../contract/characters.ts';
import type { MediaBulkResponse, MediaDetails } from '../../contract/media.ts';
import type { JobView } from '../../contract/studio.ts';

const USAGE = `Usage: persona <command> [options]   (PERSONA_URL, PERSONA_API_KEY)

  face --prompt TEXT | --celebrities A,B,C [--gender female|male]
  image [--face-url URL] --prompt TEXT [--gender female|male]   (the character's face without --face-url)
  video --image-url URL --prompt TEXT
  batch FILE.jsonl --call PATH          one JSON body of PATH per line
  jobs                                  your recent jobs
  cancel ID
  wait ID
  characters                            your characters: id, name, gender, voice, items per kind
  characters create --name NAME --face-url URL [--gender female|male] [--bio TEXT] [--style TEXT] [--voice PRESET]
  characters delete NAME [--delete-outputs]
  media ID                              a gallery item's details (JSON): settings, inputs, AI mark
  media favourite ID... [--off]         mark (or unmark) gallery items favourites
  media delete ID...                    delete gallery items (their files go within a minute)

  --character NAME  on face, image and video: made for that character (its face, its gallery)
  --use-style       with --character: its style words added to the prompt
  --wait      follow the job (progress on stderr, result URLs on stdout)
  --out DIR   download the results into DIR (implies --wait)

Exit codes: 0 done, 1 refused or failed, 2 usage.`;

class UsageError extends Error {}

const FINAL = ['succeeded', 'failed', 'canceled'];
const POLL_MS = 1_000;

interface Io {
  out(line: string): void;
  err(line: string): void;
}

interface Context {
  api: ApiCore;
  origin: string;
  key: string;
  io: Io;
  wait: boolean;
  out: string | undefined;
}

const common = { wait: { type: 'boolean' }, out: { type: 'string' } } as const satisfies ParseArgsConfig['options'];
/** The options of the generation commands that name a character (issue 44). */
const characterOptions = { character: { type: 'string' }, 'use-style': { type: 'boolean' } } as const satisfies ParseArgsConfig['options'];

function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...common, ...options }, allowPositionals: positionals > 0, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.positionals.length !== positionals) throw new UsageError(`Expected ${positionals} argument(s), got ${parsed.positionals.length}.`);
  return parsed;
}

const required = (value: string | boolean | undefined, flag: string): string => {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${flag} is required.`);
  return value;
};

function genderOf(value: string | boolean | undefined): 'female' | 'male' {
  if (value === undefined) return 'female';
  if (value === 'female' || value === 'male') return value;
  throw new UsageError('--gender must be female or male.');
}

/** The capability's call for this gender and body kind, from the registry (the paths the page uses). */
const CALLER_FIELDS = new Set(['user_id', 'character_id', 'use_style']);

function callOf(capability: Capability, gender: 'female' | 'male' | null, bodyHas: string): { path: string; fields: string[] } {
  for (const call of CAPABILITIES[capability].calls as readonly { path: string; gender: string | null; body: { properties?: Record<string, unknown> } | null }[]) {
    // The call's own inputs: not who calls, nor the character fields every call takes (issue 44).
    const fields = Object.keys(call.body?.properties ?? {}).filter((f) => !CALLER_FIELDS.has(f));
    if ((gender === null || call.gender === gender) && fields.some((f) => f.includes(bodyHas))) return { path: call.path, fields };
  }
  throw new UsageError(`No ${capability} call takes ${bodyHas}${gender ? ` for ${gender}` : ''}.`);
}

/** The result URLs of a succeeded job: its capability's result field. */
function resultUrls(job: JobView): string[] {
  const field = (CAPABILITIES as Record<string, { field: string } | undefined>)[job.kind]?.field;
  const value = field ? (job as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? [value] : [];
}

async function download(ctx: Context, url: string): Promise<void> {
  const absolute = new URL(url, ctx.origin).href;
  const res = await fetch(absolute, { headers: { authorization: `Bearer ${ctx.key}` } });
  if (!res.ok) throw new ApiError(res.status, undefined, `Download of ${absolute} answered ${res.status}.`);
  await mkdir(ctx.out!, { recursive: true });
  const file = join(ctx.out!, basename(new URL(absolute).pathname) || 'result');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  ctx.io.err(`saved ${file}`);
}

/** Follows a job to its end; prints its result URLs. Resolves with the exit code. */
async function waitJob(ctx: Context, jobId: string): Promise<number> {
  let last = '';
  for (;;) {
    const { data: job } = await ctx.api.request<JobView>(`/jobs/${encodeURIComponent(jobId)}`);
    const line = `${job.job_id} ${job.status} ${job.progress}%`;
    if (line !== last) ctx.io.err(line);
    last = line;
    if (FINAL.includes(job.status)) return finished(ctx, [job]);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function finished(ctx: Context, jobs: readonly JobView[]): Promise<number> {
  let code = 0;
  for (const job of jobs) {
    if (job.status !== 'succeeded') {
      ctx.io.err(`${job.job_id} ${job.status}${job.error ? `: ${job.error}` : ''}`);
      code = 1;
      continue;
    }
    for (const url of resultUrls(job)) {
      ctx.io.out(new URL(url, ctx.origin).href);
      if (ctx.out) await download(ctx, url);
    }
  }
  return code;
}

/** Starts one job of `path` with `body`; follows it with --wait, else prints its id. */
async function submit(ctx: Context, path: string, body: Record<string, string | boolean>): Promise<number> {
  const { data } = await ctx.api.request<{ job_id: string }>(path, { body, headers: { Prefer: 'respond-async' } });
  if (!ctx.wait) {
    ctx.io.out(data.job_id);
    return 0;
  }
  return waitJob(ctx, data.job_id);
}

async function batch(ctx: Context, file: string, call: string): Promise<number> {
  let items: unknown[];
  try {
    items = (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
  const { data } = await ctx.api.request<{ batch_id: string; job_ids: string[] }>('/batches', { body: { call, items } });
  if (!ctx.wait) {
    ctx.io.out(data.batch_id);
    return 0;
  }
  let last = '';
  for (;;) {
    const { data: view } = await ctx.api.request<BatchView>(`/batches/${encodeURIComponent(data.batch_id)}`);
    const line = `${view.batch_id} ${view.succeeded + view.failed + view.canceled}/${view.total} done (${view.succeeded} succeeded, ${view.failed} failed, ${view.canceled} canceled)`;
    if (line !== last) ctx.io.err(line);
    last = line;
    if (view.queued + view.running === 0) return finished(ctx, view.jobs);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The user's character of this name (trimmed, any case, as the server compares names), or of this id. */
async function characterNamed(ctx: Pick<Context, 'api'>, name: string): Promise<Character> {
  const { data } = await ctx.api.request<CharacterList>('/characters');
  const wanted = name.trim().toLowerCase();
  const found = data.characters.find((c) => c.name.toLowerCase() === wanted) ?? data.characters.find((c) => c.id === name.trim());
  if (!found) throw new ApiError(404, undefined, `No character named ${JSON.stringify(name.trim())}.`);
  return found;
}

/** character_id (and use_style) for --character NAME (and --use-style); nothing without it. */
async function characterFields(ctx: Pick<Context, 'api'>, values: { character?: string; 'use-style'?: boolean }): Promise<Record<string, string | boolean>> {
  if (values.character === undefined) {
    if (values['use-style']) throw new UsageError('--use-style needs --character.');
    return {};
  }
  const character = await characterNamed(ctx, required(values.character, '--character'));
  return { character_id: character.id, ...(values['use-style'] ? { use_style: true } : {}) };
}

async function characters(ctx: Omit<Context, 'wait' | 'out'>, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined) {
    const { data } = await ctx.api.request<CharacterList>('/characters');
    for (const c of data.characters) {
      const voice = c.voice.type === 'preset' ? `${c.voice.preset} p${c.voice.pitch} s${c.voice.speed}` : `sample ${c.voice.seconds}s`;
      ctx.io.out([c.id, c.name, c.gender, voice, Object.entries(c.counts).map(([k, n]) => `${k}=${n}`).join(' ')].join('\t'));
    }
    return 0;
  }
  if (sub === 'create') {
    const { values } = parse(rest, { name: { type: 'string' }, 'face-url': { type: 'string' }, gender: { type: 'string' }, bio: { type: 'string' }, style: { type: 'string' }, voice: { type: 'string' } });
    const body = {
      name: required(values.name, '--name'), gender: genderOf(values.gender), face_url: required(values['face-url'], '--face-url'),
      ...(values.bio !== undefined ? { bio: values.bio } : {}), ...(values.style !== undefined ? { style: values.style } : {}),
      ...(values.voice !== undefined ? { voice: { type: 'preset', preset: values.voice } } : {}),
    };
    const { data } = await ctx.api.request<Character>('/characters', { body });
    ctx.io.out(data.id);
    return 0;
  }
  if (sub === 'delete') {
    const { values, positionals } = parse(rest, { 'delete-outputs': { type: 'boolean' } }, 1);
    const character = await characterNamed(ctx, positionals[0]!);
    await ctx.api.request(`/characters/${encodeURIComponent(character.id)}${values['delete-outputs'] ? '?delete_outputs=true' : ''}`, { method: 'DELETE' });
    ctx.io.out(`${character.id} deleted`);
    return 0;
  }
  throw new UsageError(`Unknown characters command: ${sub}`);
}

/** The gallery items (issue 45): one's details, many marked favourites or deleted, all or nothing. */
async function media(ctx: Omit<Context, 'wait' | 'out'>, args: string[]): Promise<number> {
  const [sub = '', ...rest] = args;
  if (sub === 'favourite' || sub === 'delete') {
    const { values, positionals } = parseMany(rest, sub === 'favourite' ? { off: { type: 'boolean' } } : {});
    const { data } = sub === 'favourite'
      ? await ctx.api.request<MediaBulkResponse>('/media/', { method: 'PATCH', body: { ids: positionals, favourite: !values.off } })
      : await ctx.api.request<MediaBulkResponse>('/media/delete', { body: { ids: positionals } });
    ctx.io.out(`${data.count} ${sub === 'delete' ? 'deleted' : values.off ? 'unmarked' : 'marked favourite'}`);
    return 0;
  }
  parse(args, {}, 1);
  const { data } = await ctx.api.request<MediaDetails>(`/media/${encodeURIComponent(sub)}`);
  ctx.io.out(JSON.stringify(data, null, 2));
  return 0;
}

/** Options and one or more positionals (ids). */
function parseMany<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.positionals.length === 0) throw new UsageError('Give one or more item ids.');
  return parsed;
}

async function command(ctx: Omit<Context, 'wait' | 'out'>, name: string, args: string[]): Promise<number> {
  const withFlags = (values: { wait?: boolean; out?: string }): Context => ({ ...ctx, wait: Boolean(values.wait) || values.out !== undefined, out: values.out });
  switch (name) {
    case 'face': {
      const { values } = parse(args, { prompt: { type: 'string' }, celebrities: { type: 'string' }, gender: { type: 'string' }, ...characterOptions });
      const gender = genderOf(values.gender);
      if ((values.prompt === undefined) === (values.celebrities === undefined)) throw new UsageError('Give --prompt or --celebrities (not both).');
      if (values.prompt !== undefined) {
        const call = callOf('face', gender, 'prompt');
        return submit(withFlags(values), call.path, { prompt: required(values.prompt, '--prompt'), ...(await characterFields(ctx, values)) });
      }
      const names = required(values.celebrities, '--celebrities').split(',').map((n) => n.trim());
      const call = callOf('face', gender, 'celebrity');
      if (names.length !== call.fields.length || names.some((n) => !n)) throw new UsageError(`--celebrities takes ${call.fields.length} names, separated by commas.`);
      const { use_style: _ignored, ...tag } = await characterFields(ctx, { character: values.character });
      return submit(withFlags(values), call.path, { ...Object.fromEntries(call.fields.map((f, i) => [f, names[i]!])), ...tag });
    }
    case 'image': {
      const { values } = parse(args, { 'face-url': { type: 'string' }, prompt: { type: 'string' }, gender: { type: 'string' }, ...characterOptions });
      const call = callOf('image', genderOf(values.gender), 'face_url');
      const character = await characterFields(ctx, values);
      // With a character its face is used when none is given.
      const face: Record<string, string> = values['face-url'] === undefined && character.character_id ? {} : { face_url: required(values['face-url'], '--face-url') };
      return submit(withFlags(values), call.path, { ...face, prompt: required(values.prompt, '--prompt'), ...character });
    }
    case 'video': {
      const { values } = parse(args, { 'image-url': { type: 'string' }, prompt: { type: 'string' }, ...characterOptions });
      const call = callOf('imageToVideo', null, 'input_image');
      return submit(withFlags(values), call.path, { input_image: required(values['image-url'], '--image-url'), prompt: required(values.prompt, '--prompt'), ...(await characterFields(ctx, values)) });
    }
    case 'characters':
      return characters(ctx, args);
    case 'media':
      return media(ctx, args);
    case 'batch': {
      const { values, positionals } = parse(args, { call: { type: 'string' } }, 1);
      return batch(withFlags(values), positionals[0]!, required(values.call, '--call'));
    }
    case 'jobs': {
      parse(args, {});
      const { data } = await ctx.api.request<{ jobs: JobView[] }>('/jobs');
      for (const job of data.jobs) ctx.io.out([job.job_id, job.kind, job.status, `${job.progress}%`, job.created_at, ...resultUrls(job).map((u) => new URL(u, ctx.origin).href)].join('\t'));
      return 0;
    }
    case 'cancel': {
      const { positionals } = parse(args, {}, 1);
      const { data } = await ctx.api.request<JobView>(`/jobs/${encodeURIComponent(positionals[0]!)}/cancel`, { method: 'POST' });
      ctx.io.out(`${data.job_id} ${data.status}`);
      return 0;
    }
    case 'wait': {
      const { values, positionals } = parse(args, {}, 1);
      return waitJob({ ...withFlags(values), wait: true }, positionals[0]!);
    }
    default:
      throw new UsageError(name ? `Unknown command: ${name}` : 'No command given.');
  }
}

/** Runs the CLI; resolves with its exit code (printing nothing to stdout but results). */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const [name = '', ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  try {
    const base = env.PERSONA_URL?.trim();
    const key = env.PERSONA_API_KEY?.trim();
    if (!base || !URL.canParse(base)) throw new UsageError('PERSONA_URL must be the server\'s URL, e.g. http://localhost:8080.');
    if (!key) throw new UsageError('PERSONA_API_KEY must be set (Profile → API keys & webhooks).');
    const origin = base.replace(/\/+$/, '');
    const api = createApiCore({ baseUrl: `${origin}/api`, tokens: { accessToken: () => key, refresh: async () => false }, securityKey: () => '' });
    return await command({ api, origin, key, io }, name, args);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  }
}
