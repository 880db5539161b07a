// The upscaler in a process of its own: ESRGAN (RDN, the "slim" weights shipped inside
// @upscalerjs/esrgan-slim, TensorFlow.js layers format) on TensorFlow.js's WebAssembly backend,
// on the CPU, no network. A picture is run a tile at a time: each tile takes PAD pixels of its
// neighbours as context and only its own part of the result is kept, so there are no seams and
// memory follows the tile, not the picture. Between tiles it reports progress and reads messages,
// so a cancel stops it there. Its own process: its memory goes back to the system when it ends,
// and the bench can read the model's CPU time and peak memory apart from the server's.
// Plain JavaScript: started with plain node, without the TypeScript loader the server runs under.
//
// In:  messages {id, rgb: Uint8Array, width, height, scale: 2 | 4, tile?}, 3 bytes a pixel; or
//      {cancel: id}.
// Out: {ready: true} or {failed: message} once; then per picture {id, done, total} after each
//      tile, and last {id, rgb, width, height, usage} (the result, 3 bytes a pixel), {id, canceled:
//      true} or {id, error: message}. usage: {cpuSeconds, maxRssBytes} of this process so far.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

const require = createRequire(import.meta.url);
/** Input pixels per tile side: 128 is the patch size UpscalerJS gives these weights. */
const TILE = 128;
/** Context taken from each neighbour and cropped off again (RDN's receptive field is a few px). */
const PAD = 12;

let tf;
const models = new Map();
const canceled = new Set();

async function start() {
  tf = require('@tensorflow/tfjs');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js wasm backend did not start');
  await tf.ready();
  // The weights must be there before the process says it is ready.
  await Promise.all([2, 4].map(modelFor));
}

/** The package's folder (its exports name no package.json): above its entry's dist/. */
const PACKAGE = (() => {
  const entry = require.resolve('@upscalerjs/esrgan-slim');
  return entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`));
})();

/** The model of a scale, read from the package's folder once. */
function modelFor(scale) {
  if (!models.has(scale)) models.set(scale, load(join(PACKAGE, 'models', `x${scale}`)));
  return models.get(scale);
}

async function load(dir) {
  const json = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8'));
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const bytes = Buffer.concat(await Promise.all(json.weightsManifest.flatMap((group) => group.paths.map((p) => readFile(join(dir, p))))));
  const weightData = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  return tf.loadLayersModel({ load: async () => ({ modelTopology: json.modelTopology, weightSpecs, weightData }) });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

async function upscale({ id, rgb, width, height, scale, tile = TILE }) {
  const model = await modelFor(scale);
  const outW = width * scale;
  const out = new Uint8Array(outW * height * scale * 3);
  const cols = Math.ceil(width / tile);
  const total = cols * Math.ceil(height / tile);
  for (let n = 0; n < total; n += 1) {
    // Messages (a cancel) are read here, between tiles.
    await turn();
    if (canceled.delete(id)) return null;
    const x = (n % cols) * tile;
    const y = Math.floor(n / cols) * tile;
    const [x0, y0] = [Math.max(0, x - PAD), Math.max(0, y - PAD)];
    const [x1, y1] = [Math.min(width, x + tile + PAD), Math.min(height, y + tile + PAD)];
    const [w, h] = [x1 - x0, y1 - y0];
    const input = new Float32Array(w * h * 3);
    for (let r = 0; r < h; r += 1) {
      const from = ((y0 + r) * width + x0) * 3;
      for (let c = 0; c < w * 3; c += 1) input[r * w * 3 + c] = rgb[from + c];
    }
    // The weights take and give 0-255 values.
    const result = tf.tidy(() => model.predict(tf.tensor4d(input, [1, h, w, 3])).clipByValue(0, 255).round().cast('int32'));
    const data = await result.data();
    result.dispose();
    // Keep this tile's own part: skip the context taken from the neighbours above and to the left.
    const [keepW, keepH] = [Math.min(tile, width - x) * scale, Math.min(tile, height - y) * scale];
    const [skipX, skipY, rowW] = [(x - x0) * scale, (y - y0) * scale, w * scale];
    for (let r = 0; r < keepH; r += 1) {
      const from = ((skipY + r) * rowW + skipX) * 3;
      out.set(data.subarray(from, from + keepW * 3), ((y * scale + r) * outW + x * scale) * 3);
    }
    process.send({ id, done: n + 1, total });
  }
  return { rgb: out, width: outW, height: height * scale };
}

function usage() {
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  return { cpuSeconds: (userCPUTime + systemCPUTime) / 1e6, maxRssBytes: maxRSS * 1024 };
}

// The server gone (its channel closed): nothing left to answer.
process.on('disconnect', () => process.exit(0));
start().then(
  () => {
    process.send({ ready: true });
    // One picture at a time, in order; a cancel is taken at once (it is read between tiles).
    let last = Promise.resolve();
    process.on('message', (task) => {
      if ('cancel' in task) return void canceled.add(task.cancel);
      last = last.then(() =>
        upscale(task).then(
          (done) => process.send(done ? { id: task.id, ...done, usage: usage() } : { id: task.id, canceled: true }),
          (err) => process.send({ id: task.id, error: String(err?.message ?? err) }),
        ),
      );
    });
  },
  (err) => process.send({ failed: String(err?.message ?? err) }, () => process.exit(1)),
);
