// npm run bench:engine — seconds per capability of the local engine on this machine (median of a
// few runs), against the targets (face <= 0.5 s, image <= 1 s, a 5 s 720p clip <= 5 s); the cloth
// swap's garment cut-out (model load and first picture, then other pictures, with their IoU
// against the drawn garment); the face detector that finds faces in outside media (first picture
// with its load, then one picture, and swaps into an outside photo and clip); then the first
// start: the template library made into an empty folder without a cache, timed until the studio is
// usable and until every clip is made. The upscale of 768x768 and 768x1024 pictures, 2x and 4x
// (bench/upscale.ts). A 10 s talking character from a 768x768 face (bench/talking.ts). Last, what
// signing Content Credentials into the outputs adds (bench/c2pa.ts), against each job's time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { findTemplate } from '../contract/templates.ts';
import { faceDetector } from '../server/src/engines/local/face-detect.ts';
import { garmentAlpha, garmentModel } from '../server/src/engines/local/garment-cutout.ts';
import { readPicture } from '../server/src/engines/local/images.ts';
import { localEngine as engine } from '../server/src/engines/local/index.ts';
import type { EngineContext, EngineFile } from '../server/src/engines/types.ts';
import { ensureTemplateFile, ensureTemplates } from '../server/src/templates/library.ts';
import { faceBoxOf, faceTrackOf } from '../server/src/templates/metadata.ts';
import { garmentPhoto, iou, type Backdrop, type Garment } from '../tests/server/support/garment-photos.ts';
import { signingFigures } from './c2pa.ts';
import { talkingFigures } from './talking.ts';
import { upscaleFigures } from './upscale.ts';

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
  await ensureTemplateFile({ mediaDir: media, ffmpeg: 'ffmpeg' }, imageT);
  await ensureTemplateFile({ mediaDir: media, ffmpeg: 'ffmpeg' }, videoT);
  const portrait = await engine.face!({ gender: 'female', prompt: 'long auburn hair' }, ctx());
  const picture = await engine.image!({ gender: 'female', facePath: portrait.path, prompt: 'beach at sunset, upper body 2' }, ctx());
  const cut = await cutoutTimes();
  const garment = cut.first.path;
  const song = join(root, 'song.wav');
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=20', song]);
  // Outside media with a real face: a photograph shipped inside @vladmandic/face-api, and a 3 s 720p clip of it.
  const photo = join(root, 'photo.jpg');
  await sharp(createRequire(import.meta.url).resolve('@vladmandic/face-api/demo/sample2.jpg')).resize(1280).jpeg().toFile(photo);
  const clip = join(root, 'outside.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-loop', '1', '-i', photo, '-t', '3', '-r', '25', '-vf', 'scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clip]);
  const photoPic = await readPicture(photo, new AbortController().signal);
  const t = performance.now();
  await faceDetector.faces(photoPic, new AbortController().signal);
  const detectFirstS = (performance.now() - t) / 1000;
  const detectS = await median(() => faceDetector.faces(photoPic, new AbortController().signal));

  let i = 0;
  const made: Partial<Record<'face' | 'image' | 'video' | 'music', EngineFile>> = {};
  const keep = (kind: keyof typeof made) => (file: EngineFile) => (made[kind] = file);
  const rows: [string, number, number | null][] = [
    ['face (celebrities)', await median(() => engine.face!({ gender: 'female', celebrities: ['Ada', 'Grace', `Hedy ${(i += 1)}`] }, ctx()).then(keep('face'))), 0.5],
    ['image (prompt, pose)', await median(() => engine.image!({ gender: 'female', facePath: portrait.path, prompt: `city at dusk ${(i += 1)}, full body` }, ctx()).then(keep('image'))), 1],
    ['swapImage (template)', await median(() => engine.swapImage!({ facePath: portrait.path, targetPath: join(media, 'templates', imageT.path), faceBox: faceBoxOf(imageT) }, ctx())), null],
    ['clothSwap (tops, mask kept)', await median(() => engine.clothSwap!({ personPath: picture.path, garmentPath: garment, category: 'tops' }, ctx())), null],
    ['swapImage (outside photo)', await median(() => engine.swapImage!({ facePath: portrait.path, targetPath: photo }, ctx())), null],
    ['swapVideo (2 s template)', await median(() => engine.swapVideo!({ facePath: portrait.path, targetPath: join(media, 'templates', videoT.path), faceTrack: faceTrackOf(videoT) }, ctx())), null],
    ['swapVideo (3 s outside clip)', await median(() => engine.swapVideo!({ facePath: portrait.path, targetPath: clip }, ctx())), null],
    ['imageToVideo (5 s 720p)', await median(() => engine.imageToVideo!({ imagePath: picture.path, prompt: 'zoom in' }, ctx()).then(keep('video'))), 5],
    ['music (20 s song)', await median(() => engine.music!({ lyrics: 'la la', songPath: song }, ctx()).then(keep('music'))), null],
  ];
  console.log(`local engine, median of ${RUNS} runs, 2-core machine`);
  for (const [name, s, target] of rows) console.log(`${name.padEnd(28)} ${s.toFixed(2).padStart(6)} s${target ? `  (target <= ${target} s: ${(s / target).toFixed(2)}x)` : ''}`);
  console.log(`garment cut-out (540x960 photos, ISNet '${garmentModel.model}', own process): first ${cut.first.s.toFixed(2)} s (model load ${cut.loadS.toFixed(2)} s), then median ${cut.warmS.toFixed(2)} s over ${cut.warm.length} new photos (${cut.warmCpuS.toFixed(1)} CPU s each); IoU with the drawn garment ${cut.ious.map((v) => v.toFixed(3)).join(', ')}; model process memory: peak ${cut.peakMB} MB, ${cut.betweenMB} MB between pictures; this thread's longest event-loop stall meanwhile ${cut.stallMs.toFixed(0)} ms`);

  console.log(`face detector (Tiny Face Detector, tfjs wasm, worker thread): first picture ${detectFirstS.toFixed(2)} s with the load, then ${detectS.toFixed(3)} s a 1280x853 photo; outside clips sample 2 frames a second`);

  for (const line of await upscaleFigures(root)) console.log(line);
  for (const line of await talkingFigures(root)) console.log(line);

  const first = await ensureTemplates({ mediaDir: join(root, 'first-start'), ffmpeg: 'ffmpeg' });
  console.log(`first start (no cache): made ${first.made} files; studio usable after ${first.usableAfterS.toFixed(1)} s (thumbnails + pictures), all clips after ${first.seconds.toFixed(1)} s`);
  const [face, image, video] = [rows[0]![1], rows[1]![1], rows[7]![1]];
  const signing = await signingFigures(
    [
      { label: `face (${made.face!.mime})`, ...made.face!, jobS: face, goal: { ms: 50 } },
      { label: `image (${made.image!.mime})`, ...made.image!, jobS: image, goal: { ms: 50 } },
      { label: 'imageToVideo (5 s 720p)', ...made.video!, jobS: video, goal: { share: 0.05 } },
      { label: 'music (20 s song)', ...made.music!, jobS: rows[8]![1] },
    ],
    RUNS,
  );
  for (const line of signing) console.log(line);
  console.log(`engine: face ${face.toFixed(2)} s (${(face / 0.5).toFixed(2)}x of 0.5), image ${image.toFixed(2)} s (${image.toFixed(2)}x of 1), 5 s 720p video ${video.toFixed(2)} s (${(video / 5).toFixed(2)}x of 5); garment cut-out first ${cut.first.s.toFixed(2)} s, warm ${cut.warmS.toFixed(2)} s (${cut.warmCpuS.toFixed(1)} CPU s); first start usable after ${first.usableAfterS.toFixed(1)} s (target 60 s)`);
} finally {
  await Promise.all([garmentModel.close(), faceDetector.close()]);
  rmSync(root, { recursive: true, force: true });
}

/** The cut-out of 540x960 garment photos: the first loads the model, the others are new pictures (no kept mask). */
async function cutoutTimes() {
  const shots: [Garment, Backdrop][] = [['tee', 'busy'], ['dress', 'wood'], ['jeans', 'plain'], ['dress', 'busy']];
  const runs: { path: string; s: number; cpuS: number; iou: number }[] = [];
  let betweenMB = 0;
  // This thread's longest event-loop stall over the cut-outs: the model runs in its own process
  // (in this thread onnxruntime-node 1.17 stalled it 6 s and more per picture).
  const stall = monitorEventLoopDelay({ resolution: 10 });
  stall.enable();
  for (const [i, [kind, backdrop]] of shots.slice(0, RUNS + 1).entries()) {
    const photo = await garmentPhoto(kind, backdrop, 540, 960, 7 + i);
    const path = join(root, `${kind}-${backdrop}.jpg`);
    await sharp(photo.jpeg).toFile(path);
    const [t, cpu] = [performance.now(), modelProcess().cpuS];
    const pic = await readPicture(path, new AbortController().signal, 768);
    const alpha = await garmentAlpha(pic, new AbortController().signal);
    const s = (performance.now() - t) / 1000;
    const after = modelProcess();
    betweenMB = Math.max(betweenMB, after.rssMB);
    // The cut-out reads pictures at 768 px at most: the drawn mask is scaled to match.
    const mask = await sharp(Buffer.from(photo.mask), { raw: { width: 540, height: 960, channels: 1 } }).resize(pic.width, pic.height).extractChannel(0).raw().toBuffer();
    runs.push({ path, s, cpuS: after.cpuS - cpu, iou: iou(alpha, mask) });
  }
  stall.disable();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const warm = runs.slice(1);
  return { stallMs: stall.max / 1e6, first: runs[0]!, loadS: garmentModel.loadSeconds ?? NaN, warm, warmS: median(warm.map((r) => r.s)), warmCpuS: median(warm.map((r) => r.cpuS)), ious: runs.map((r) => r.iou), peakMB: modelProcess().peakMB, betweenMB };
}

/** The model process's CPU seconds and memory, from /proc (zeros where there is none). */
function modelProcess(): { cpuS: number; rssMB: number; peakMB: number } {
  try {
    const status = readFileSync(`/proc/${garmentModel.pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${garmentModel.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const mb = (key: string) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
    // utime and stime, in clock ticks of 1/100 s.
    return { cpuS: (Number(stat[11]) + Number(stat[12])) / 100, rssMB: mb('VmRSS'), peakMB: mb('VmHWM') };
  } catch {
    return { cpuS: 0, rssMB: 0, peakMB: 0 };
  }
}
