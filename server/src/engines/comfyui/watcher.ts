// Following one prompt to its end. ComfyUI's WebSocket brings progress and the finish as they
// happen; GET /queue then /history runs beside it, slowly while the socket is up and quickly while
// it is down (it is reopened on each poll). A prompt neither queued nor in the history was lost
// (ComfyUI restarted: its queue lives in memory): transient, never a success.
import WebSocket from 'ws';
import { MAX_MESSAGE } from '../../net/provider-http.ts';
import { EngineInputError, TransientEngineError } from '../types.ts';
import type { ComfyClient, HistoryEntry } from './client.ts';

export interface FollowOptions {
  signal: AbortSignal;
  /** Nodes in the graph: per-node progress becomes progress of the whole. */
  nodeCount: number;
  onProgress(fraction: number): void;
  /** Poll period while the socket is down, and while it is up. */
  pollMs: number;
  socketPollMs: number;
  /** Polls failing in a row (ComfyUI unreachable) before giving up. */
  maxPollFailures: number;
}

type Message = { type?: string; data?: Record<string, unknown> };

const BUFFERED_MAX = 500;

/** A node's failure: out of memory may pass on another try; anything else is said to the user. */
export function executionError(data: Record<string, unknown>): Error {
  const message = String(data.exception_message ?? '').trim().split('\n')[0]!.slice(0, MAX_MESSAGE) || 'ComfyUI could not run the workflow.';
  if (/out of memory|OutOfMemory/i.test(`${String(data.exception_type)} ${message}`)) return new TransientEngineError(`ComfyUI ran out of memory in node ${String(data.node_id)} (${String(data.node_type)})`);
  return new EngineInputError(message);
}

const interrupted = () => new TransientEngineError('ComfyUI interrupted the prompt (canceled on its own page, or it restarted).');

/** What a finished history entry says went wrong, or null when it succeeded. */
export function entryProblem(entry: HistoryEntry): Error | null {
  if (entry.status?.status_str !== 'error') return null;
  const messages = entry.status.messages ?? [];
  const failed = messages.find(([type]) => type === 'execution_error');
  if (failed) return executionError(failed[1] ?? {});
  if (messages.some(([type]) => type === 'execution_interrupted')) return interrupted();
  return new Error('ComfyUI ended the prompt with an error and no message.');
}

export class PromptWatcher {
  private socket: WebSocket | null = null;
  private opened: Promise<void> = Promise.resolve();
  private buffered: Message[] = [];
  private listener: ((message: Message) => void) | null = null;
  private onDrop: (() => void) | null = null;
  private closed = false;

  constructor(private readonly client: ComfyClient, private readonly clientId: string) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.client.socketUrl(this.clientId), { handshakeTimeout: 10_000 });
    this.socket = socket;
    this.opened = new Promise((resolve) => {
      socket.once('open', () => resolve());
      socket.once('close', () => resolve());
    });
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return; // preview images
      let message: Message;
      try {
        message = JSON.parse(raw.toString()) as Message;
      } catch {
        return;
      }
      if (this.listener) this.listener(message);
      else if (this.buffered.push(message) > BUFFERED_MAX) this.buffered.shift();
    });
    socket.on('error', () => undefined); // 'close' follows
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onDrop?.();
    });
  }

  private get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Resolves once the socket is open, failed, or `ms` passed: ComfyUI only tells sockets open when it sends. */
  ready(ms: number): Promise<void> {
    return Promise.race([this.opened, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
  }

  /** Resolves with the prompt's history entry once it succeeded; rejects with why it did not. */
  follow(promptId: string, o: FollowOptions): Promise<HistoryEntry> {
    return new Promise((resolve, reject) => {
      let settled = false;
      let polling = false;
      let pollAgain = false;
      let finishedSaid = false;
      let failures = 0;
      let timer: NodeJS.Timeout | undefined;
      const finished = new Set<string>();
      let current: string | null = null;
      let fraction = 0;

      const end = (err: unknown, entry?: HistoryEntry) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.listener = null;
        this.onDrop = null;
        o.signal.removeEventListener('abort', onAbort);
        if (err) reject(err);
        else resolve(entry!);
      };
      const onAbort = () => end(o.signal.reason);
      const report = () => o.onProgress(Math.min(1, (finished.size + fraction) / Math.max(1, o.nodeCount)));

      const poll = async () => {
        if (settled) return;
        if (polling) {
          pollAgain = true;
          return;
        }
        polling = true;
        try {
          if (!finishedSaid) {
            const { running, pending } = await this.client.queue(o.signal);
            failures = 0;
            if (running.includes(promptId) || pending.includes(promptId)) return;
          }
          // Asked after the queue: a prompt that left the queue is in the history by then.
          const entry = await this.client.history(promptId, o.signal);
          failures = 0;
          if (entry) end(entryProblem(entry), entry);
          else if (!finishedSaid) end(new TransientEngineError('ComfyUI lost the prompt: it is neither queued nor in the history (restarted?).'));
        } catch (err) {
          if (o.signal.aborted) return end(o.signal.reason);
          failures += 1;
          if (failures >= o.maxPollFailures) end(err);
        } finally {
          polling = false;
          schedule(pollAgain ? 0 : undefined);
          pollAgain = false;
        }
      };
      const schedule = (ms?: number) => {
        if (settled) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (!this.socket) this.connect();
          void poll();
        }, ms ?? (this.connected ? o.socketPollMs : o.pollMs));
      };

      this.listener = (message) => {
        const d = message.data ?? {};
        if (d.prompt_id !== undefined && d.prompt_id !== promptId) return;
        switch (message.type) {
          case 'execution_cached':
            for (const node of Array.isArray(d.nodes) ? d.nodes : []) finished.add(String(node));
            return report();
          case 'executing':
            if (d.node === null || d.node === undefined) {
              // Sent after the history entry is written: read it now.
              if (d.prompt_id !== promptId) return;
              finishedSaid = true;
              return void poll();
            }
            if (current) finished.add(current);
            current = String(d.node);
            fraction = 0;
            return report();
          case 'progress':
            if (typeof d.value === 'number' && typeof d.max === 'number' && d.max > 0) fraction = Math.min(1, d.value / d.max);
            return report();
          case 'execution_error':
            return end(executionError(d));
          case 'execution_interrupted':
            return end(interrupted());
        }
      };
      this.onDrop = () => schedule(o.pollMs);
      if (o.signal.aborted) return end(o.signal.reason);
      o.signal.addEventListener('abort', onAbort, { once: true });
      for (const message of this.buffered.splice(0)) this.listener?.(message);
      schedule();
    });
  }

  close(): void {
    this.closed = true;
    this.listener = null;
    this.onDrop = null;
    this.socket?.terminate();
    this.socket = null;
  }
}
