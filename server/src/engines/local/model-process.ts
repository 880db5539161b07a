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
