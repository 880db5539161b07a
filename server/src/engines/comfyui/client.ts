// ComfyUI's HTTP API (../shared/reference/providers.md): put an input file into its input/ folder,
// queue a workflow, read the queue and the history, interrupt or drop a prompt, copy an output.
// Network failures and 5xx are transient (the job is retried); a workflow ComfyUI refuses is not.
// A 429 or 503 with Retry-After (a proxy in front of ComfyUI may send one) is waited out, capped.
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { extname, join } from 'node:path';
import { MAX_MESSAGE } from '../../net/provider-http.ts';
import { abortableSleep, remoteRequest, statusError } from '../remote/http.ts';
import { copyOutput } from '../remote/output.ts';
import type { ObjectInfo } from './preflight.ts';
import type { Graph } from './workflows.ts';

export interface ComfyOptions {
  /** http(s)://host:port of the ComfyUI, optionally with a path prefix. */
  baseUrl: string;
  /** Per HTTP call (an upload included). */
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** More hosts the output copy may reach although private (the ComfyUI's own host always may). */
  allowHosts?: readonly string[];
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The longest Retry-After honoured on a 429 or 503 (default 30 s); each call asks again at most 3 times. */
  retryAfterMaxMs?: number;
}

/** One file in a history entry's outputs, as /view takes it. */
export interface ComfyFile {
  filename: string;
  subfolder: string;
  type: string;
}

export interface HistoryEntry {
  outputs?: Record<string, Record<string, unknown>>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/** host:port as the SSRF guard compares it. */
function hostPort(url: URL): string {
  return `${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

/** ComfyUI's 400 on /prompt, in one readable line: the error, then each node's problems. */
export function refusal(data: unknown, fallback: string): string {
  const body = data as { error?: { message?: unknown; details?: unknown } | string; node_errors?: Record<string, { class_type?: string; errors?: { message?: string; details?: string }[] }> } | undefined;
  const error = typeof body?.error === 'string' ? body.error : [text(body?.error?.message), text(body?.error?.details)].filter(Boolean).join(': ');
  const nodes = Object.entries(body?.node_errors ?? {}).map(([id, n]) => `node ${id} (${n.class_type ?? '?'}): ${(n.errors ?? []).map((e) => [e.message, e.details].filter(Boolean).join(': ')).join('; ')}`);
  return ([error, ...nodes].filter(Boolean).join('; ') || fallback).slice(0, MAX_MESSAGE);
}

export function comfyClient(options: ComfyOptions) {
  const { timeoutMs = 60_000, maxOutputBytes = 1024 * 1024 * 1024 } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const allowHosts = [...(options.allowHosts ?? []), hostPort(new URL(base))];
  const retryAfter = { maxWaitMs: options.retryAfterMaxMs ?? 30_000, attempts: 3, sleep: options.sleep ?? abortableSleep };
  const http = { vendor: 'ComfyUI', fetch: options.fetch ?? fetch, timeoutMs, retryAfter };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    const json = body !== undefined && !(body instanceof FormData);
    const answer = await remoteRequest(http, `${base}${path}`, { method, headers: json ? { 'Content-Type': 'application/json' } : {}, body: json ? JSON.stringify(body) : (body as FormData | undefined) }, signal);
    if (answer.ok) return answer.data;
    throw statusError('ComfyUI', answer.status, refusal(answer.data, answer.text.slice(0, MAX_MESSAGE)));
  }

  return {
    /** ws(s)://…/ws?clientId= for this client id. */
    socketUrl: (clientId: string) => `${base.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`,

    /**
     * Puts a local file into ComfyUI's input/ folder under a fresh name and answers the name its
     * loader nodes take. /upload/image stores any file (ComfyUI's video and audio loaders upload
     * through it too), so one endpoint serves pictures, videos and songs.
     */
    async upload(path: string, label: string, signal: AbortSignal): Promise<string> {
      const form = new FormData();
      const name = `persona-${randomBytes(8).toString('hex')}-${label}${extname(path).toLowerCase()}`;
      form.append('image', await openAsBlob(path), name);
      form.append('type', 'input');
      form.append('overwrite', 'true');
      const saved = (await call('POST', '/upload/image', form, signal)) as { name?: unknown; subfolder?: unknown } | undefined;
      if (typeof saved?.name !== 'string' || !saved.name) throw statusError('ComfyUI', 502, 'the upload answer names no file');
      return typeof saved.subfolder === 'string' && saved.subfolder ? `${saved.subfolder}/${saved.name}` : saved.name;
    },

    /** Queues a workflow; a 400 (node_errors) is a plain error naming the nodes at fault. */
    async submit(graph: Graph, clientId: string, signal: AbortSignal): Promise<string> {
      const answer = await remoteRequest(http, `${base}/prompt`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prompt: graph, client_id: clientId }) }, signal);
      if (answer.status === 400) throw new Error(`ComfyUI refused the workflow: ${refusal(answer.data, answer.text.slice(0, MAX_MESSAGE))}`);
      if (!answer.ok) throw statusError('ComfyUI', answer.status, refusal(answer.data, answer.text.slice(0, MAX_MESSAGE)));
      const id = (answer.data as { prompt_id?: unknown } | undefined)?.prompt_id;
      if (typeof id !== 'string' || !id) throw statusError('ComfyUI', 502, 'the /prompt answer has no prompt_id');
      return id;
    },

    /** Every node the server has loaded, with its inputs (a loader's choices are the model files it sees). */
    async objectInfo(signal?: AbortSignal): Promise<ObjectInfo> {
      const data = await call('GET', '/object_info', undefined, signal);
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw statusError('ComfyUI', 502, '/object_info did not answer an object of nodes');
      return data as ObjectInfo;
    },

    /** The prompt's history entry, or null while it is not finished (or not known). */
    async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null> {
      const data = (await call('GET', `/history/${encodeURIComponent(promptId)}`, undefined, signal)) as Record<string, HistoryEntry> | undefined;
      return data?.[promptId] ?? null;
    },

    /** Ids of the running and the waiting prompts. */
    async queue(signal?: AbortSignal): Promise<{ running: string[]; pending: string[] }> {
      const data = (await call('GET', '/queue', undefined, signal)) as { queue_running?: unknown[][]; queue_pending?: unknown[][] } | undefined;
      const ids = (items: unknown[][] | undefined) => (items ?? []).map((item) => String(item?.[1]));
      return { running: ids(data?.queue_running), pending: ids(data?.queue_pending) };
    },

    /** Best effort: interrupts the prompt if it is the running one, and takes it out of the queue. */
    async cancel(promptId: string): Promise<void> {
      const { running } = await this.queue().catch(() => ({ running: [] as string[] }));
      // Newer ComfyUI only interrupts the prompt named in the body; older ones ignore the body.
      if (running.includes(promptId)) await call('POST', '/interrupt', { prompt_id: promptId }).catch(() => undefined);
      await call('POST', '/queue', { delete: [promptId] }).catch(() => undefined);
    },

    /** Copies one output file (GET /view) into `dir` through the SSRF guard. */
    async download(file: ComfyFile, dir: string, name: string, signal: AbortSignal): Promise<string> {
      const query = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder ?? '', type: file.type ?? 'output' });
      return copyOutput('ComfyUI', `${base}/view?${query}`, join(dir, name), { allowHosts, maxBytes: maxOutputBytes, timeoutMs: Math.max(timeoutMs, 120_000), signal });
    },
  };
}

export type ComfyClient = ReturnType<typeof comfyClient>;
