// Runs one claimed job: inputs copied into a work folder, the engine called with progress and a
// signal, the result given its AI marks (../provenance/), stored and recorded with the job in one
// transaction. Cancel, time-out, shutdown and a lost lease all stop the engine through the signal;
// what happens to the job then depends on why (canceled, failed, back in the queue, or left to its
// new owner). The job's uploads and link copies stay after it ends, so it can be re-run (issue 29):
// the user-files sweep deletes them once no job that read them may be re-run (storage/user-files.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { GenerationConfig } from '../config/index.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import { EngineInputError, TransientEngineError, type Capability, type EngineContext, type EngineFile, type FaceResult, type Handler, type HandlerInputs } from '../engines/types.ts';
import { HttpError } from '../http-error.ts';
import type { MediaStorage } from '../storage/types.ts';
import { markOutput, provenanceOf, type ContentCredentialsSigner, type MarkedFile } from '../provenance/index.ts';
import { CAPABILITIES } from '../../../contract/capabilities.ts';
import type { JobInput, MediaSource } from './kinds.ts';
import { searchTextOf } from './search-text.ts';
import { sourceOf } from './source-words.ts';
import { measureMedia, UNKNOWN_SIZE } from '../media/measure.ts';
import type { JobRow, JobsRepository } from '../db/repositories/jobs.ts';
import type { TemplateFiles } from './templates.ts';
import { isoAt } from '../time.ts';

/** A job is tried this many times at most (transient engine failures, lost processes). */
export const MAX_ATTEMPTS = 3;
/** Retry n waits RETRY_BASE_MS * 2^(n-1). */
const RETRY_BASE_MS = 5_000;
/** Progress is written at most this often (besides every heartbeat). */
const PROGRESS_WRITE_MS = 1_000;

const EXT: Record<MarkedFile['mime'], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'video/mp4': 'mp4', 'audio/mpeg': 'mp3' };

export interface RunnerDeps {
  repo: JobsRepository;
  storage: MediaStorage;
  engines: EngineRegistry;
  templates: TemplateFiles;
  generation: GenerationConfig;
  log: Logger;
  now: () => number;
  /** This process's lease owner id. */
  owner: string;
  leaseMs: number;
  /** Called once the job reached a final state, or went back to the queue. */
  onSettled(jobId: string): void;
  /** Signs each output's C2PA manifest; none: outputs carry the IPTC XMP only. */
  signer: ContentCredentialsSigner | null;
}

type StopReason = 'cancel' | 'timeout' | 'shutdown' | 'lost';

export class Stop extends Error {
  constructor(readonly reason: StopReason) {
    super(`job stopped: ${reason}`);
  }
}


/** Runs `job` (already claimed by deps.owner) to its end. `shutdown` aborts when the process stops. */
export async function runJob(job: JobRow, deps: RunnerDeps, shutdown: AbortSignal, cancels: Map<string, AbortController>): Promise<void> {
  const { repo, log, now, owner } = deps;
  const input = JSON.parse(job.input) as JobInput;
  const info = CAPABILITIES[input.kind];
  const jobLog = log.child({ jobId: job.id, kind: input.kind, attempt: job.attempts });
  // Run time as measured (a real interval, whatever clock `now` is).
  const startedMs = performance.now();

  if (job.attempts > MAX_ATTEMPTS) {
    jobLog.warn('job interrupted too many times: failed');
    await repo.finish(job.id, owner, 'failed', info.messages.failure, isoAt(now()));
    deps.onSettled(job.id);
    return;
  }

  const controller = new AbortController();
  cancels.set(job.id, controller);
  const stop = (reason: StopReason) => {
    if (!controller.signal.aborted) controller.abort(new Stop(reason));
  };
  const onShutdown = () => stop('shutdown');
  shutdown.addEventListener('abort', onShutdown, { once: true });
  // Claimed while the process was stopping: it goes straight back to the queue.
  if (shutdown.aborted) onShutdown();
  const timeout = setTimeout(() => stop('timeout'), info.timeoutMs);

  let progress = 0;
  let written = 0;
  let lastWrite = 0;
  const beat = async () => {
    const state = await repo.heartbeat(job.id, owner, isoAt(now() + deps.leaseMs), progress === written ? null : progress, isoAt(now())).catch((err: unknown) => {
      jobLog.warn({ err }, 'heartbeat failed');
      return { ours: true, cancel: false };
    });
    written = progress;
    lastWrite = Date.now();
    if (!state.ours) stop('lost');
    else if (state.cancel) stop('cancel');
  };
  const heartbeat = setInterval(() => void beat(), Math.max(200, Math.min(2_000, deps.leaseMs / 3)));

  let workDir: string | undefined;
  let storedKey: string | undefined;
  try {
    workDir = await mkdtemp(join(tmpdir(), 'persona-job-'));
    // Inputs and outputs in separate folders: an engine's output never lands on an input of the
    // same name (the music engine writes song.mp3, the name an MP3 song is copied in as).
    const inputs = join(workDir, 'in');
    const outputs = join(workDir, 'out');
    await Promise.all([mkdir(inputs), mkdir(outputs)]);
    const ctx: EngineContext = {
      workDir: outputs,
      signal: controller.signal,
      tools: { ffmpeg: deps.generation.ffmpegPath, ffprobe: deps.generation.ffprobePath, espeak: deps.generation.espeakPath },
      progress(percent) {
        const p = Math.max(progress, Math.min(99, Math.round(percent)));
        if (p === progress) return;
        progress = p;
        if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) void beat();
      },
    };
    const engine = deps.engines.for(input.kind);
    // Each input field's file as the engine read it: the outside ones are the output's parents.
    const read = new Map<string, string>();
    const copyIn: Fetch = async (source, field) => {
      const path = await materialize(deps, source, join(inputs, `${field}.${extOf(source)}`));
      read.set(field, path);
      return path;
    };
    const engineFile = await callEngine(engine.handler as Handler<Capability>, input, ctx, deps.templates, copyIn);
    throwIfStopped(controller.signal);
    const file = await markOutput(engineFile, provenanceOf(input, engine.engine, read), deps.signer);
    throwIfStopped(controller.signal);

    // Its size for the gallery (issue 45); a file the tools cannot read is still a result.
    const size = await measureMedia(file.path, file.mime, deps.generation.ffprobePath).catch((err: unknown) => {
      jobLog.warn({ err }, 'could not measure the output');
      return UNKNOWN_SIZE;
    });
    storedKey = `gen/${randomBytes(16).toString('hex')}.${EXT[file.mime]}`;
    const stored = await deps.storage.put(storedKey, file.path, file.mime);
    const url = deps.storage.url(storedKey);
    const finishedAt = isoAt(now());
    const gender = 'gender' in input ? input.gender : null;
    const facePrompt = input.kind === 'face' ? (engineFile as FaceResult).facePrompt : null;
    const result: Record<string, string> = { [info.field]: url, ...(facePrompt === null ? {} : { face_prompt: facePrompt }) };
    const source = sourceOf(input);
    const ok = await repo.succeed(job.id, owner, result, [
      {
        user_id: job.user_id, kind: info.media, gender, url, storage_key: storedKey, mime: file.mime, bytes: stored.bytes, face_prompt: facePrompt, search_text: searchTextOf(input), created_at: finishedAt,
        source_kind: source?.kind ?? null, source_text: source?.text ?? null, engine: engine.engine, ...size, ...upscaleOf(input),
      },
    ], finishedAt);
    if (!ok) {
      // Canceled (or taken over) while finishing: the result is nobody's.
      await deps.storage.delete(storedKey);
      const current = await repo.byId(job.id);
      if (current?.status === 'running' && current.cancel_requested_at && current.lease_owner === owner) {
        await repo.finish(job.id, owner, 'canceled', null, isoAt(now()));
      }
      return;
    }
    jobLog.info({ engine: engine.engine, bytes: stored.bytes }, 'job succeeded');
    // The queue's estimates learn from it (eta.ts); a failure to record costs only accuracy.
    await repo.recordRunTime(job.kind, engine.engine, performance.now() - startedMs, finishedAt).catch((err: unknown) => jobLog.warn({ err }, 'could not record the run time'));
  } catch (err) {
    const reason = controller.signal.aborted ? (controller.signal.reason as Stop).reason : null;
    if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined);
    await settleFailure(deps, job, input, err, reason, jobLog);
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
    shutdown.removeEventListener('abort', onShutdown);
    cancels.delete(job.id);
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    deps.onSettled(job.id);
  }
}

async function settleFailure(deps: RunnerDeps, job: JobRow, input: JobInput, err: unknown, reason: StopReason | null, jobLog: Logger): Promise<void> {
  const { repo, owner, now } = deps;
  const info = CAPABILITIES[input.kind];
  const at = isoAt(now());
  if (reason === 'lost') {
    jobLog.warn('lease lost: another process owns the job now');
    return;
  }
  if (reason === 'shutdown') {
    // Not the job's fault: back in the queue with the attempt given back.
    await repo.requeue(job.id, owner, null, null, true, at);
    jobLog.info('shutting down: job back in the queue');
    return;
  }
  if (reason === 'cancel') {
    await repo.finish(job.id, owner, 'canceled', null, at);
    jobLog.info('job canceled');
    return;
  }
  if (reason === 'timeout') {
    jobLog.error({ timeoutMs: info.timeoutMs }, 'job timed out');
    await repo.finish(job.id, owner, 'failed', info.messages.failure, at);
    return;
  }
  if (err instanceof TransientEngineError && job.attempts < MAX_ATTEMPTS) {
    const delay = RETRY_BASE_MS * 2 ** (job.attempts - 1);
    jobLog.warn({ err, delayMs: delay }, 'transient engine failure: retrying');
    await repo.requeue(job.id, owner, isoAt(now() + delay), err.message, false, at);
    return;
  }
  // The user's input cannot be used: say why. Anything else: the kind's message, details in the log.
  const userMessage = err instanceof EngineInputError || (err instanceof HttpError && err.statusCode < 500) ? err.message : info.messages.failure;
  if (userMessage === info.messages.failure) jobLog.error({ err }, 'job failed');
  else jobLog.info({ reason: userMessage }, 'job failed on its input');
  await repo.finish(job.id, owner, 'failed', userMessage, at);
}

function throwIfStopped(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason;
}

/** Copies a source into the work folder (a template is made first if it is not yet). */
async function materialize(deps: RunnerDeps, source: MediaSource, file: string): Promise<string> {
  if (source.type === 'template') {
    const key = await deps.templates.ensure(source.path);
    await deps.storage.download(key, file);
    return file;
  }
  await deps.storage.download(source.key, file);
  return file;
}

/** An upscale's media row names its source (by storage key: the gallery makes the URL) and its scale. */
const upscaleOf = (input: JobInput) => (input.kind === 'upscale' ? { upscaled_from: input.image.key, scale: input.scale } : {});

/** Copies a source in under the job input field's name; answers the file. */
type Fetch = (source: MediaSource, field: string) => Promise<string>;

const extOf = (source: MediaSource) => {
  const path = source.type === 'template' ? source.path : source.key;
  return /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? 'bin';
};

/** Each capability's handler input, from the job's input: files copied in, a template's known face box or track. */
const PREPARE: { [C in Capability]: (input: Extract<JobInput, { kind: C }>, get: Fetch, templates: TemplateFiles) => Promise<HandlerInputs[C]> } = {
  face: async (input) => ({ gender: input.gender, celebrities: input.celebrities, prompt: input.prompt }),
  image: async (input, get) => ({ gender: input.gender, facePath: await get(input.face, 'face'), prompt: input.prompt }),
  swapImage: async (input, get, templates) => ({
    facePath: await get(input.face, 'face'),
    targetPath: await get(input.target, 'target'),
    faceBox: input.target.type === 'template' ? templates.faceBox(input.target.path) : undefined,
  }),
  swapVideo: async (input, get, templates) => ({
    facePath: await get(input.face, 'face'),
    targetPath: await get(input.target, 'target'),
    faceTrack: input.target.type === 'template' ? templates.faceTrack(input.target.path) : undefined,
  }),
  clothSwap: async (input, get) => ({ personPath: await get(input.person, 'person'), garmentPath: await get(input.garment, 'garment'), category: input.category }),
  imageToVideo: async (input, get) => ({ imagePath: await get(input.image, 'image'), prompt: input.prompt }),
  upscale: async (input, get) => ({ imagePath: await get(input.image, 'image'), scale: input.scale }),
  talking: async (input, get) => ({
    facePath: await get(input.face, 'face'),
    audioPath: input.voice ? await get(input.voice, 'voice') : input.song ? await get(input.song, 'song') : undefined,
    text: input.text,
    gender: input.gender,
    speech: input.speech,
  }),
  music: async (input, get) => ({
    lyrics: input.lyrics,
    songPath: await get(input.song, 'song'),
    voicePath: input.voice ? await get(input.voice, 'voice') : undefined,
    instrumentalPath: input.instrumental ? await get(input.instrumental, 'instrumental') : undefined,
  }),
};

/** The registry's handler of the job's capability (checked at start), with its input prepared. */
async function callEngine(handler: Handler<Capability>, input: JobInput, ctx: EngineContext, templates: TemplateFiles, fetch: Fetch): Promise<EngineFile> {
  const prepare = PREPARE[input.kind] as (input: JobInput, get: Fetch, templates: TemplateFiles) => Promise<HandlerInputs[Capability]>;
  return handler(await prepare(input, fetch, templates) as never, ctx);
}
