// What the generated media libraries (site media, templates) share: a small task pool, atomic
// copies, and "copy from the cache, else render and add to the cache" for one file.
import { copyFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from './render.ts';

export const exists = (file: string) => stat(file).then(() => true, () => false);

/** Runs tasks with at most `limit` at a time; resolves when all have settled. */
export async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function copyInto(from: string, to: string): Promise<void> {
  await writeAtomically(to, (tmp) => copyFile(from, tmp));
}

/**
 * Makes one file: copied from the cache when it holds it, else rendered and then added to the
 * cache file by file, so even a server stopped half-way leaves its work for the next one.
 */
export async function makeFile(
  path: string,
  libDir: string,
  cacheLib: string | null,
  render: (file: string) => Promise<void>,
  summary: { made: number; copied: number },
): Promise<void> {
  const file = join(libDir, path);
  if (cacheLib && (await exists(join(cacheLib, path)))) {
    await copyInto(join(cacheLib, path), file);
    summary.copied += 1;
    return;
  }
  await render(file);
  summary.made += 1;
  if (cacheLib) await copyInto(file, join(cacheLib, path));
}
