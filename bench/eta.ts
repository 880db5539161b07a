// npm run bench:eta — the queue's ETA on a fresh install (issue 45: a batch that took 11 s was
// estimated "about 2 min"). The real server with a fresh data folder: a batch of 5 faces is sent
// first thing (nothing of its kind ever ran: the estimate comes from the start-up calibration,
// server/src/jobs/calibration.ts), its first ETA read at once and compared with the time it took;
// then a batch of 20 images (BENCH_ETA_IMAGES; their kind never ran either), then a second one (a
// batch of the kind measured). ETAs are whole seconds, so sub-second batches read coarsely. Targets: the first batches within 2x of the truth, the later one within 1.5x.
// The ratio is max(eta, real) / min(eta, real). The last line: the first batch's ratio.
// `npm run bench:eta -- --reference` instead times one job of every kind on the local engine (twice
// each: the first includes loading models, the mean of both is taken) and the calibration workload,
// and prints the figures server/src/jobs/calibration.ts keeps (LOCAL_REFERENCE).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../server/src/admin.ts';
import { DEFAULT_CLIENT_SECRET, securityKeyFor } from '../server/src/config/index.ts';
import { measureWorkload } from '../server/src/jobs/calibration.ts';
import { startServer, type RunningServer } from '../tests/e2e/support/server.ts';
import { garmentPhoto } from '../tests/server/support/garment-photos.ts';
import { signIn } from './support/load.ts';

/** The Premium plan's faces (6): a batch of 5 leaves one. Its 80 images: two batches of 20. */
const FACES = 5;
const IMAGES = Number(process.env.BENCH_ETA_IMAGES ?? 20);
const reference = process.argv.includes('--reference');
const server = await startServer({ LOG_LEVEL: 'silent' });
const scratch = mkdtempSync(join(tmpdir(), 'bench-eta-'));
const securityKey = securityKeyFor(DEFAULT_CLIENT_SECRET);

type Json = Record<string, unknown>;

/** A batch sent now: its first ETA (seconds) and the seconds until its last job ended. */
async function timedBatch(api: (method: string, path: string, body?: object) => Promise<Json>, call: string, items: object[]): Promise<{ eta: number; real: number }> {
  const sent = performance.now();
  const made = await api('POST', '/batches', { call, items });
  const first = await api('GET', `/batches/${made.batch_id as string}`);
  const eta = first.eta_seconds as number;
  for (;;) {
    const view = await api('GET', `/batches/${made.batch_id as string}`);
    if ((view.queued as number) + (view.running as number) === 0) {
      if (view.succeeded !== items.length) throw new Error(`the batch ended with ${JSON.stringify(view)}`);
      return { eta, real: (performance.now() - sent) / 1000 };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ratio = ({ eta, real }: { eta: number; real: number }) => Math.max(eta, real) / Math.min(eta, real);
const line = (name: string, r: { eta: number; real: number }, target: number) =>
  `${name}: first ETA ${r.eta} s, took ${r.real.toFixed(1)} s, ratio ${ratio(r).toFixed(2)} (target <= ${target}) ${ratio(r) <= target ? 'ok' : 'MISSED'}`;

async function etaFigures(api: (method: string, path: string, body?: object) => Promise<Json>): Promise<void> {
  const colours = ['red', 'black', 'silver', 'blue', 'green', 'auburn'];
  const faces = await timedBatch(api, '/generate-face-prompt/', colours.slice(0, FACES).map((c) => ({ prompt: `${c} hair, freckles` })));
  const gallery = await api('POST', '/gallery/', {});
  const faceUrl = (gallery.faces as Json[])[0]!.image_url as string;
  const images = (n: number, at: string) => Array.from({ length: n }, (_, i) => ({ face_url: faceUrl, prompt: `${at}, pose ${i + 1}` }));
  const firstImages = await timedBatch(api, '/generate-image-prompt/', images(IMAGES, 'on a beach at dusk'));
  const laterImages = await timedBatch(api, '/generate-image-prompt/', images(IMAGES, 'in a neon-lit street'));
  console.log('fresh install, local engine, batches sent one after another');
  console.log(line(`${FACES} faces (kind never ran)`, faces, 2));
  console.log(line(`${IMAGES} images (kind never ran)`, firstImages, 2));
  console.log(line(`${IMAGES} more images (after one batch of the kind)`, laterImages, 1.5));
  console.log(`first batch ETA / real: ${ratio(faces).toFixed(2)}x`);
}

/** One job of every kind, twice, timed by its job view (started_at to finished_at); then the workload. */
async function referenceFigures(running: RunningServer, api: (method: string, path: string, body?: object | FormData, extra?: Record<string, string>) => Promise<Json>): Promise<void> {
  const runMs = async (job: Json): Promise<number> => {
    const view = await api('GET', `/jobs/${job.job_id as string}`);
    if (view.status !== 'succeeded') throw new Error(`job ${JSON.stringify(view)}`);
    return Date.parse(view.finished_at as string) - Date.parse(view.started_at as string);
  };
  const song = join(scratch, 'song.wav');
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=20', song]);
  const garment = (await garmentPhoto('tee', 'plain')).jpeg;
  const file = (path: string, type: string) => new Blob([new Uint8Array(readFileSync(path))], { type });
  // Templates are made when first asked for: ask before timing the jobs that read them.
  for (const path of ['ImageTemplate/1.jpg', 'VideoTemplate/1.mp4']) await fetch(`${running.url}/media/templates/${path}`);

  const before = await measureWorkload();
  const figures: Record<string, number[]> = {};
  for (let round = 0; round < 2; round++) {
    const time = async (kind: string, job: Promise<Json>) => ((figures[kind] ??= []).push(await runMs(await job)), await job);
    const face = await time('face', api('POST', '/generate-face-prompt/', { prompt: `auburn hair ${round}` }));
    const image = await time('image', api('POST', '/generate-image-prompt/', { face_url: face.output, prompt: `beach at dusk ${round}` }));
    await time('swapImage', api('POST', '/generate-image-temp/', { face: face.output, image: '/media/templates/ImageTemplate/1.jpg', consent: true }));
    await time('swapVideo', api('POST', '/face-swap/', { input_image_url: face.output, target_video_url: '/media/templates/VideoTemplate/1.mp4', consent: true }));
    await time('imageToVideo', api('POST', '/imagetovideos/', { input_image: image.output_url, prompt: `waves ${round}` }));
    await time('upscale', api('POST', '/upscale/', { image_url: image.output_url, scale: 2 }));
    const cloth = new FormData();
    cloth.set('cloth_image', new Blob([new Uint8Array(garment)], { type: 'image/jpeg' }), 'garment.jpg');
    cloth.set('image_template', image.output_url as string);
    cloth.set('category', 'tops');
    cloth.set('consent', 'true');
    await time('clothSwap', api('POST', '/newclothchanger/', cloth));
    const music = new FormData();
    music.set('lyrics', `la la la ${round}`);
    music.set('song_file', file(song, 'audio/wav'), 'song.wav');
    await time('music', api('POST', '/audio_mucic_creator/', music));
    const talking = new FormData();
    talking.set('face_url', face.output as string);
    talking.set('text', `Hello, this is a test of the talking character, round ${round}.`);
    await time('talking', api('POST', '/talking/', talking));
  }
  // The fastest of before and after the jobs, as the server takes its own.
  const workloadMs = Math.min(before, await measureWorkload());
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(`workload (calibration.ts measureWorkload): ${workloadMs.toFixed(0)} ms`);
  for (const [kind, xs] of Object.entries(figures)) console.log(`${kind}: ${xs.map((x) => `${x} ms`).join(', ')} -> ${mean(xs)} ms`);
  console.log(`LOCAL_REFERENCE = ${JSON.stringify({ workloadMs: Math.round(workloadMs), runMs: Object.fromEntries(Object.entries(figures).map(([k, xs]) => [k, mean(xs)])) })}`);
}

try {
  const email = 'bench-eta@example.com';
  const { access } = await signIn(server, email);
  const quiet = { out: () => undefined, err: (line: string) => console.error(line) };
  if ((await runAdmin(['grant', email, 'premium', '30'], { DATA_DIR: server.dataDir }, quiet)) !== 0) throw new Error('could not grant a plan');
  const headers = { authorization: `Bearer ${access}`, 'security-key': securityKey };
  const api = async (method: string, path: string, body?: object | FormData, extra: Record<string, string> = {}): Promise<Json> => {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${server.url}/api${path}`, { method, headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}), ...extra }, body: json ? JSON.stringify(body) : body });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Json;
  };

  if (reference) await referenceFigures(server, api);
  else await etaFigures(api);
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
