// Replicate's predictions API (../shared/reference/providers.md): create a prediction, on an
// official model by name (POST /models/{owner}/{name}/predictions) or on a community model's
// version (POST /predictions {version}: the models endpoint serves official models only, Replicate
// changelog 2025-08-05), follow it with backoff until it ends (succeeded, failed, canceled or
// aborted: the statuses of replicate-javascript 2fd6f39's index.d.ts), cancel it when our job is
// canceled, and copy its output files into the job's folder at once (Replicate deletes them after
// about an hour). Large inputs go through the files API (POST /files, multipart `content`; DELETE
// /files/{id}: replicate-javascript lib/files.js). A 429 or 503 with Retry-After is waited out,
// capped, as the official clients do. The engine that maps our capabilities onto models builds on this.
import { openAsBlob } from 'node:fs';
import { basename, join } from 'node:path';
import { MAX_MESSAGE, redactor } from '../../net/provider-http.ts';
import { abortableSleep, remoteRequest, statusError } from '../remote/http.ts';
import { copyOutput } from '../remote/output.ts';
import { EngineInputError, TransientEngineError } from '../types.ts';

export type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

/** A model to run: 'owner/name', and the version a community model must be run at. */
export interface ModelRef {
  model: string;
  version: string | null;
}

/** A file put through the files API: its id (to delete it) and the URL a prediction's input takes. */
export interface UploadedFile {
  id: string;
  url: string;
}

export const MODEL_NAME = /^[\w.-]+\/[\w.-]+$/;
export const VERSION_ID = /^[0-9a-f]{64}$/;

export interface Prediction {
  id: string;
  status: PredictionStatus;
  output?: unknown;
  error?: unknown;
  logs?: string | null;
}

export interface ReplicateOptions {
  token: string;
  /** https://api.replicate.com/v1 unless a test points elsewhere. */
  baseUrl: string;
  /** Per HTTP call. */
  timeoutMs?: number;
  /** Polling: first wait, growth and ceiling. */
  pollFirstMs?: number;
  pollMaxMs?: number;
  /** Output files larger than this are refused. */
  maxOutputBytes?: number;
  /** Hosts the output download may reach although private (tests: the local fake). */
  allowHosts?: readonly string[];
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The longest Retry-After honoured on a 429 or 503 (default 30 s); each call asks again at most 3 times. */
  retryAfterMaxMs?: number;
}

const STATUSES: ReadonlySet<string> = new Set(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']);

/** A prediction as the API sent it, or a TransientEngineError for anything else (malformed output). */
function asPrediction(body: unknown): Prediction {
  const p = body as Partial<Prediction> | null;
  if (!p || typeof p.id !== 'string' || typeof p.status !== 'string' || !STATUSES.has(p.status)) {
    throw new TransientEngineError('Replicate answered something that is not a prediction.');
  }
  return p as Prediction;
}

/** Every http(s) URL in a prediction's output (a string, a list, or an object of them), in order. */
export function outputUrls(output: unknown): string[] {
  if (typeof output === 'string') return /^https?:\/\//.test(output) ? [output] : [];
  if (Array.isArray(output)) return output.flatMap(outputUrls);
  if (output && typeof output === 'object') return Object.values(output).flatMap(outputUrls);
  return [];
}

export function replicateClient(options: ReplicateOptions) {
  const { token, timeoutMs = 30_000, pollFirstMs = 1000, pollMaxMs = 10_000, maxOutputBytes = 512 * 1024 * 1024, allowHosts = [] } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const sleep = options.sleep ?? abortableSleep;
  const redact = redactor(() => [token]);

  const http = { vendor: 'Replicate', fetch: options.fetch ?? fetch, timeoutMs, retryAfter: { maxWaitMs: options.retryAfterMaxMs ?? 30_000, attempts: 3, sleep } };

  /** The answer of one call: its body when 2xx, else null for a 404 when `missingIsNull`, else an error. */
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal, missingIsNull = false): Promise<unknown> {
    const form = body instanceof FormData;
    const headers = { Authorization: `Bearer ${token}`, ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }) };
    const answer = await remoteRequest(http, `${base}${path}`, { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body) }, signal);
    if (answer.ok) return answer.data ?? null;
    if (answer.status === 404 && missingIsNull) return null;
    const detail = redact(String((answer.data as { detail?: unknown } | undefined)?.detail ?? answer.text)).slice(0, MAX_MESSAGE);
    throw statusError('Replicate', answer.status, detail);
  }

  return {
    /** Starts a prediction: on the version when there is one, else on the (official) model by name. */
    async create(ref: ModelRef, input: Record<string, unknown>, signal?: AbortSignal): Promise<Prediction> {
      if (!MODEL_NAME.test(ref.model)) throw new Error(`Not a Replicate model name: ${ref.model}`);
      if (ref.version !== null && !VERSION_ID.test(ref.version)) throw new Error(`Not a Replicate version id: ${ref.version}`);
      const created = ref.version ? await call('POST', '/predictions', { version: ref.version, input }, signal) : await call('POST', `/models/${ref.model}/predictions`, { input }, signal);
      return asPrediction(created);
    },
    /** The model ('owner/name') as GET /models/{owner}/{name} gives it; null when Replicate has none we may see (404). */
    async model(model: string, signal?: AbortSignal): Promise<{ visibility?: string; is_official?: boolean; latest_version?: { id?: string } | null } | null> {
      if (!MODEL_NAME.test(model)) throw new Error(`Not a Replicate model name: ${model}`);
      return (await call('GET', `/models/${model}`, undefined, signal, true)) as { visibility?: string } | null;
    },
    /** Whether the model has that version (GET /models/{owner}/{name}/versions/{id}). */
    async hasVersion(model: string, version: string, signal?: AbortSignal): Promise<boolean> {
      if (!MODEL_NAME.test(model) || !VERSION_ID.test(version)) throw new Error(`Not a Replicate model version: ${model}:${version}`);
      return (await call('GET', `/models/${model}/versions/${version}`, undefined, signal, true)) !== null;
    },
    /** Puts a local file through the files API; its `url` goes into a prediction's input. */
    async upload(path: string, mime: string, signal?: AbortSignal): Promise<UploadedFile> {
      const form = new FormData();
      form.append('content', await openAsBlob(path, { type: mime }), basename(path));
      const file = (await call('POST', '/files', form, signal)) as { id?: unknown; urls?: { get?: unknown } } | null;
      if (typeof file?.id !== 'string' || typeof file.urls?.get !== 'string') throw new TransientEngineError('Replicate answered the upload without a file id and URL.');
      return { id: file.id, url: file.urls.get };
    },
    /** Best effort: a file left behind expires at Replicate anyway. */
    async deleteFile(id: string): Promise<void> {
      await call('DELETE', `/files/${encodeURIComponent(id)}`).catch(() => undefined);
    },
    async get(id: string, signal?: AbortSignal): Promise<Prediction> {
      return asPrediction(await call('GET', `/predictions/${encodeURIComponent(id)}`, undefined, signal));
    },
    /** Best effort: the job is over for us either way. */
    async cancel(id: string): Promise<void> {
      await call('POST', `/predictions/${encodeURIComponent(id)}/cancel`).catch(() => undefined);
    },

    /**
     * Runs a prediction to its end: polls (backoff up to pollMaxMs), reports 'processing' as
     * progress, cancels it at Replicate when `signal` aborts. A failed prediction is an input
     * problem (EngineInputError with Replicate's error); a canceled or aborted one we did not ask
     * for, or one with no output, is transient.
     */
    async run(ref: ModelRef, input: Record<string, unknown>, signal: AbortSignal, onProgress?: (percent: number) => void): Promise<Prediction> {
      let prediction = await this.create(ref, input, signal);
      let delay = pollFirstMs;
      try {
        while (prediction.status === 'starting' || prediction.status === 'processing') {
          onProgress?.(prediction.status === 'processing' ? 50 : 10);
          await sleep(delay, signal);
          delay = Math.min(pollMaxMs, Math.round(delay * 1.5));
          prediction = await this.get(prediction.id, signal);
        }
      } catch (err) {
        if (signal.aborted) await this.cancel(prediction.id);
        throw err;
      }
      if (prediction.status === 'failed') throw new EngineInputError(redact(String(prediction.error ?? 'The model could not use this input.')).slice(0, MAX_MESSAGE));
      if (prediction.status === 'canceled' || prediction.status === 'aborted') throw new TransientEngineError(`The prediction was ${prediction.status} at Replicate.`);
      if (outputUrls(prediction.output).length === 0) throw new TransientEngineError('Replicate finished without an output file.');
      onProgress?.(90);
      return prediction;
    },

    /**
     * Copies one output file into `dir` as `name` through the SSRF guard (an output URL is the
     * model's word: it must not reach our private network), size- and time-capped.
     */
    async download(url: string, dir: string, name: string, signal: AbortSignal): Promise<string> {
      return copyOutput('Replicate', url, join(dir, name), { allowHosts, maxBytes: maxOutputBytes, timeoutMs: Math.max(timeoutMs, 120_000), signal });
    },
  };
}

export type ReplicateClient = ReturnType<typeof replicateClient>;
