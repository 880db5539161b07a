// A FIFO the test holds, to learn whether anything ever opened a file for reading: a writer waits
// in open() until a reader comes. Once a reader opens it, the writer's open returns (its fd 3 is
// then in /proc), it prints 'opened' and closes, so a reader that reads the FIFO gets its end only
// after the word is printed. Nothing is timed: the answer is read after the code under test ends.
import { execFileSync, spawn } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface HeldFifo {
  path: string;
  /** Whether anything opened the FIFO for reading until now; stops the writer. */
  opened(): Promise<boolean>;
}

export function holdFifo(dir: string, name: string): HeldFifo {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  const writer = spawn('sh', ['-c', 'exec 3>"$1"; echo opened', 'sh', path], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  writer.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const closed = new Promise<void>((resolve) => writer.once('close', () => resolve()));
  return {
    path,
    async opened() {
      // The writer's fd 3 is the FIFO once its open has returned, even before it prints.
      const openedNow = writer.exitCode === null && fdTarget(writer.pid!, 3) === path;
      writer.kill('SIGKILL');
      await closed;
      return openedNow || out.includes('opened');
    },
  };
}

function fdTarget(pid: number, fd: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return null;
  }
}
