// Face detection in a worker thread: face-api's Tiny Face Detector (weights shipped inside
// @vladmandic/face-api, 190 KB) on TensorFlow.js's WebAssembly backend, on the CPU, no network.
// A run takes ~0.1 s and holds its thread: here, not the server's. Wasm can be ended at any point,
// so a thread (unlike the garment model's native runtime) is safe to terminate mid-run.
// Plain JavaScript: started without the TypeScript loader the server runs under.
//
// With `landmarks: true` a message also asks for the 68 face landmarks (face-api's 68-point model,
// 350 KB, loaded on the first such message) of each face: the talking character's mouth, jaw and eyes.
//
// In:  messages {id, rgb: Uint8Array, width, height, landmarks?: boolean}, 3 bytes a pixel.
// Out: {ready: true} or {failed: message} once; then {id, faces: [{x, y, w, h, score, points?}]}
//      (in the picture's pixels, best first; points: 68 [x, y]) or {id, error: message} per message.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** The detector's square input: 416 finds faces down to about 1/12 of the picture's side. */
const INPUT_SIZE = 416;
const MIN_SCORE = 0.5;

async function load() {
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
  if (!(await faceapi.tf.setBackend('wasm'))) throw new Error('the TensorFlow.js wasm backend did not start');
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(MODELS);
  return faceapi;
}

const MODELS = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
let landmarkNet = null;

async function detect(faceapi, { rgb, width, height, landmarks }) {
  const tensor = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE });
    if (landmarks) {
      landmarkNet ??= faceapi.nets.faceLandmark68Net.loadFromDisk(MODELS);
      await landmarkNet;
      const found = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks();
      return found
        .map(({ detection: { box, score }, landmarks: marks }) => ({ x: box.x, y: box.y, w: box.width, h: box.height, score, points: marks.positions.map((p) => [p.x, p.y]) }))
        .sort((a, b) => b.score - a.score);
    }
    const found = await faceapi.detectAllFaces(tensor, options);
    return found
      .map(({ box, score }) => ({ x: box.x, y: box.y, w: box.width, h: box.height, score }))
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}

load().then(
  (faceapi) => {
    parentPort.postMessage({ ready: true });
    // One message at a time, in order: each run awaits the one before.
    let last = Promise.resolve();
    parentPort.on('message', (task) => {
      last = last.then(() =>
        detect(faceapi, task).then(
          (faces) => parentPort.postMessage({ id: task.id, faces }),
          (err) => parentPort.postMessage({ id: task.id, error: String(err?.message ?? err) }),
        ),
      );
    });
  },
  (err) => parentPort.postMessage({ failed: String(err?.message ?? err) }),
);
