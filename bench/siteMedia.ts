// npm run bench:site-media — time to make the whole site media library (SITE_MEDIA_MANIFEST) from
// nothing (cold: sharp + ffmpeg) and again into a fresh folder from SITE_MEDIA_CACHE (warm: copies).
// The last line is the key figure: warm/cold ratio.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_MEDIA_MANIFEST } from '../contract/site-media.ts';
import { generateSiteMedia } from '../server/src/media/siteMediaLibrary.ts';

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const root = mkdtempSync(join(tmpdir(), 'bench-site-media-'));
const cacheDir = join(root, 'cache');
try {
  const cold = await generateSiteMedia({ mediaDir: join(root, 'cold'), ffmpeg: 'ffmpeg', cacheDir });
  if (!cold.ready) throw new Error(`cold run failed for ${cold.failed} files`);
  const warm = await generateSiteMedia({ mediaDir: join(root, 'warm'), ffmpeg: 'ffmpeg', cacheDir });
  if (!warm.ready || warm.copied !== SITE_MEDIA_MANIFEST.length) throw new Error('warm run did not copy the whole library');
  const again = await generateSiteMedia({ mediaDir: join(root, 'warm'), ffmpeg: 'ffmpeg', cacheDir });
  const videos = SITE_MEDIA_MANIFEST.filter((e) => e.kind === 'video').length;
  const mb = folderBytes(join(root, 'cold', 'site')) / 1e6;
  console.log(`site media library: ${SITE_MEDIA_MANIFEST.length} files (${videos} videos), ${mb.toFixed(1)} MB; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`cold (render with sharp + ffmpeg, concurrency 2): ${cold.seconds.toFixed(2)} s, made ${cold.made}`);
  console.log(`warm (copy from SITE_MEDIA_CACHE):                ${warm.seconds.toFixed(2)} s, copied ${warm.copied}`);
  console.log(`already complete (stamp check only):              ${again.seconds.toFixed(3)} s`);
  console.log(`warm/cold ratio: ${(warm.seconds / cold.seconds).toFixed(4)} (${(cold.seconds / warm.seconds).toFixed(0)}x faster with the cache)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
