// Replicate's predictions API (../shared/reference/providers.md): create a prediction on a model,
// follow it with backoff until it ends, cancel it when our job is canceled, and copy its output
// files into the job's folder at once (Replicate deletes them after about an hour). The engine that
// maps our capabilities onto models builds on this (issue 16).
import { join } from 'node:path';
import { MAX_MESSAGE, redactor } from '../../payments/provider-http.ts';
import { abortableSleep, remoteRequest, statusError } from '../remote/http.ts';
import { copyOutput } from '../remote/output.ts';
import { EngineInputError, TransientEngineError } from '../types.ts';

export type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

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
}

const STATUSES: ReadonlySet<string> = new Set(['starting', 'processing', 'succeeded', 'failed', 'canceled']);

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

  const http = { vendor: 'Replicate', fetch: options.fetch ?? fetch, timeoutMs };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    const headers = { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    const answer = await remoteRequest(http, `${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, signal);
    if (answer.ok) return answer.data;
    const detail = redact(String((answer.data as { detail?: unknown } | undefined)?.detail ?? answer.text)).slice(0, MAX_MESSAGE);
    throw statusError('Replicate', answer.status, detail);
  }

  return {
    /** Starts a prediction on `model` ('owner/name'). */
    async create(model: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<Prediction> {
      if (!/^[\w.-]+\/[\w.-]+$/.test(model)) throw new Error(`Not a Replicate model name: ${model}`);
      return asPrediction(await call('POST', `/models/${model}/predictions`, { input }, signal));
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
     * problem (EngineInputError with Replicate's error); a canceled one we did not ask for, or
     * one with no output, is transient.
     */
    async run(model: string, input: Record<string, unknown>, signal: AbortSignal, onProgress?: (percent: number) => void): Promise<Prediction> {
      let prediction = await this.create(model, input, signal);
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
      if (prediction.status === 'canceled') throw new TransientEngineError('The prediction was canceled at Replicate.');
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
