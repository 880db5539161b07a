// npm run bench:engine — seconds per capability of the local engine on this machine (median of a
// few runs), against the targets (face <= 0.5 s, image <= 1 s, a 5 s 720p clip <= 5 s); then the
// first start: the template library made into an empty folder without a cache, timed until the
// studio is usable (every thumbnail and picture) and until every clip is made.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { findTemplate } from '../src/content/templates.ts';
import { localEngine as engine } from '../server/src/engines/local/index.ts';
import type { EngineContext } from '../server/src/engines/types.ts';
import { ensureTemplateFile, ensureTemplates } from '../server/src/templates/library.ts';
import { faceBoxOf, faceTrackOf } from '../server/src/templates/metadata.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = mkdtempSync(join(tmpdir(), 'bench-engine-'));
let n = 0;
const ctx = (): EngineContext => {
  const workDir = join(root, `run-${(n += 1)}`);
  mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress: () => undefined, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } };
};
async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await run();
    times.push((performance.now() - t) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

try {
  const media = join(root, 'media');
  const imageT = findTemplate('image', 'female', 1)!;
  const videoT = findTemplate('video', 'female', 1)!;
  await ensureTemplateFile(media, imageT);
  await ensureTemplateFile(media, videoT);
  const portrait = await engine.face!({ gender: 'female', prompt: 'long auburn hair' }, ctx());
  const picture = await engine.image!({ gender: 'female', facePath: portrait.path, prompt: 'beach at sunset, upper body 2' }, ctx());
  const garment = join(root, 'garment.png');
  await sharp({ create: { width: 500, height: 500, channels: 3, background: '#ffffff' } })
    .composite([{ input: await sharp({ create: { width: 300, height: 360, channels: 3, background: '#2255aa' } }).png().toBuffer(), left: 100, top: 70 }])
    .png().toFile(garment);
  const song = join(root, 'song.wav');
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=20', song]);

  let i = 0;
  const rows: [string, number, number | null][] = [
    ['face (celebrities)', await median(() => engine.face!({ gender: 'female', celebrities: ['Ada', 'Grace', `Hedy ${(i += 1)}`] }, ctx())), 0.5],
    ['image (prompt, pose)', await median(() => engine.image!({ gender: 'female', facePath: portrait.path, prompt: `city at dusk ${(i += 1)}, full body` }, ctx())), 1],
    ['swapImage (template)', await median(() => engine.swapImage!({ facePath: portrait.path, targetPath: join(media, 'templates', imageT.path), faceBox: faceBoxOf(imageT) }, ctx())), null],
    ['clothSwap (tops)', await median(() => engine.clothSwap!({ personPath: picture.path, garmentPath: garment, category: 'tops' }, ctx())), null],
    ['swapVideo (2 s template)', await median(() => engine.swapVideo!({ facePath: portrait.path, targetPath: join(media, 'templates', videoT.path), faceTrack: faceTrackOf(videoT) }, ctx())), null],
    ['imageToVideo (5 s 720p)', await median(() => engine.imageToVideo!({ imagePath: picture.path, prompt: 'zoom in' }, ctx())), 5],
    ['music (20 s song)', await median(() => engine.music!({ lyrics: 'la la', songPath: song }, ctx())), null],
  ];
  console.log(`local engine, median of ${RUNS} runs, 2-core machine`);
  for (const [name, s, target] of rows) console.log(`${name.padEnd(26)} ${s.toFixed(2).padStart(6)} s${target ? `  (target <= ${target} s: ${(s / target).toFixed(2)}x)` : ''}`);

  const first = await ensureTemplates({ mediaDir: join(root, 'first-start') });
  console.log(`first start (no cache): made ${first.made} files; studio usable after ${first.usableAfterS.toFixed(1)} s (thumbnails + pictures), all clips after ${first.seconds.toFixed(1)} s`);
  const [face, image, video] = [rows[0]![1], rows[1]![1], rows[5]![1]];
  console.log(`engine: face ${face.toFixed(2)} s (${(face / 0.5).toFixed(2)}x of 0.5), image ${image.toFixed(2)} s (${image.toFixed(2)}x of 1), 5 s 720p video ${video.toFixed(2)} s (${(video / 5).toFixed(2)}x of 5); first start usable after ${first.usableAfterS.toFixed(1)} s (target 60 s)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
