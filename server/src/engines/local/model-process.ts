// What the local engine's model processes (the garment cut-out, the upscaler) share: started with
// plain node and killed with the server; kept referenced only while they work; killed and waited
// for when stopped.
import { fork, type ChildProcess } from 'node:child_process';

/** The model script as a child process: plain node (no loader flags of ours), typed arrays sent as they are. */
export function forkModel(script: string, args: readonly string[] = []): ChildProcess {
  const child = fork(script, args, { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // An 'error' event with no listener would throw in the server.
  child.on('error', () => undefined);
  // The server going away takes a run in progress with it (the child would finish it first).
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}

/** Kills a model process (if it still runs) and waits until it is gone. */
export async function killModel(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  hold(child, true);
  child.kill('SIGKILL');
  await exited;
}

/** Keeps the server process alive for the child while it works, not while it idles. */
export function hold(child: ChildProcess, busy: boolean): void {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** A picture waiting for (or in) a model process: settled once, by the answer or by its signal. */
export interface ModelTask<R> {
  signal: AbortSignal;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/**
 * One model process behind a queue: started by the first task (start()), one task at a time
 * (send()), stopped after `idleMs` without work to give its memory back. A task whose signal
 * aborts leaves the queue or, when it is the one running, goes to abortRunning(): by default the
 * process is killed (a run that cannot be interrupted; the next task starts a fresh one).
 */
export abstract class ModelProcess<T extends ModelTask<R>, R> {
  protected child: ChildProcess | null = null;
  protected ready: Promise<ChildProcess> | null = null;
  private queue: T[] = [];
  private running: T | null = null;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    /** Said to the tasks still waiting when close() is called. */
    private readonly closedMessage: string,
  ) {}

  /** The model process's id while it runs (tests and the bench read it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the process now (tests, bench, shutdown); waiting tasks are rejected. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) task.reject(new Error(this.closedMessage));
    await this.stop();
  }

  /** Starts the process and resolves once its model is loaded (launch() does both). */
  protected abstract start(): Promise<ChildProcess>;

  /**
   * Forks `script` as this queue's process and resolves once it says { ready }. A { failed } reply,
   * an error or its exit first rejects with `failed(why)` (the process killed); one that stop()
   * let go of before it was ready rejects with `stopped`.
   */
  protected launch(script: string, args: readonly string[], failed: (why: string) => Error, stopped: string): Promise<ChildProcess> {
    const child = forkModel(script, args);
    this.child = child;
    return new Promise<ChildProcess>((resolve, reject) => {
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        child.kill('SIGKILL');
        reject(failed(why));
      };
      child.once('message', (reply: unknown) => {
        if (typeof reply !== 'object' || reply === null || !('ready' in reply)) {
          return fail(reply !== null && typeof reply === 'object' && 'failed' in reply ? String(reply.failed) : 'unexpected reply');
        }
        settled = true;
        resolve(child);
      });
      child.once('error', (err) => fail(err.message));
      child.once('exit', (code, signal) => {
        // Still ours: it died by itself (stop() lets go of a process before killing it).
        const died = this.child === child;
        if (died) [this.child, this.ready] = [null, null];
        if (died) fail(`the process exited (${signal ?? code})`);
        else if (!settled) reject(new Error(stopped));
        settled = true;
      });
    });
  }
  /** Runs one task in the process. */
  protected abstract send(child: ChildProcess, task: T): Promise<R>;
  /** Throws when no process is to be started (a model that failed to load before). */
  protected check(): void {}

  protected abortRunning(_task: T): void {
    void this.stop();
  }

  /** A task of `fields`: the process's answer, or the signal's reason as soon as it aborts. */
  protected enqueue(fields: Omit<T, keyof ModelTask<R>>, signal: AbortSignal): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const task = { ...fields, signal, resolve, reject } as T;
      const onAbort = () => {
        reject(signal.reason);
        const at = this.queue.indexOf(task);
        if (at >= 0) this.queue.splice(at, 1);
        else if (this.running === task) this.abortRunning(task);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      task.resolve = (result) => (signal.removeEventListener('abort', onAbort), resolve(result));
      task.reject = (err) => (signal.removeEventListener('abort', onAbort), reject(err));
      this.queue.push(task);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const task = this.queue.shift();
    if (!task) return;
    this.running = task;
    clearTimeout(this.idle);
    try {
      this.check();
      const child = await (this.ready ??= this.start());
      task.signal.throwIfAborted();
      hold(child, true);
      task.resolve(await this.send(child, task));
    } catch (err) {
      task.reject(err);
    } finally {
      if (this.child) hold(this.child, false);
      this.running = null;
      if (this.queue.length) void this.pump();
      else if (this.child) this.idle = setTimeout(() => void this.stop(), this.idleMs).unref();
    }
  }

  protected async stop(): Promise<void> {
    clearTimeout(this.idle);
    const child = this.child;
    [this.child, this.ready] = [null, null];
    await killModel(child);
  }
}
