// The face detector for outside media (face-api's Tiny Face Detector on TensorFlow.js wasm, in a
// worker thread) on a real photograph shipped inside @vladmandic/face-api (demo/sample2.jpg: one
// face), moved to a known place on a larger canvas.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { detectFaceBox, FaceDetector, faceDetector } from '../../server/src/engines/local/face-detect.ts';
import type { RawPicture } from '../../server/src/engines/local/images.ts';
import type { FaceBox } from '../../server/src/engines/types.ts';
import { until } from './support/until.ts';

const PHOTO = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg');
const never = new AbortController().signal;

async function raw(image: Sharp): Promise<RawPicture> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}

const centre = (b: FaceBox) => [b.x + b.w / 2, b.y + b.h / 2] as const;

/** The photo's face, cut out with a margin and placed at (left, top) on a 1600x1000 grey canvas. */
async function movedFace(left: number, top: number): Promise<{ pic: RawPicture; where: FaceBox; size: number }> {
  const photo = await raw(sharp(PHOTO).resize(960));
  const [face] = await faceDetector.faces(photo, never);
  if (!face) throw new Error('no face in the sample photograph');
  const [cropLeft, cropTop] = [Math.max(0, Math.round(face.x - face.w)), Math.max(0, Math.round(face.y - face.h))];
  const crop = { left: cropLeft, top: cropTop, width: Math.min(Math.round(face.w * 3), photo.width - cropLeft), height: Math.min(Math.round(face.h * 3), photo.height - cropTop) };
  const piece = await sharp(PHOTO).resize(960).extract(crop).png().toBuffer();
  const canvas = sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7f7f7f' } }).composite([{ input: piece, left, top }]);
  const pic = await raw(sharp(await canvas.png().toBuffer()));
  return { pic, where: { x: left + face.x - crop.left, y: top + face.y - crop.top, w: face.w, h: face.h }, size: face.w };
}

describe('face detector', () => {
  beforeAll(() => faceDetector.close());
  afterAll(() => faceDetector.close());

  it('finds the face of a photograph where it was placed, at its size, in the picture\'s own pixels', async () => {
    for (const [left, top] of [[80, 60], [1000, 500]] as const) {
      const { pic, where, size } = await movedFace(left, top);
      const [found, ...others] = await faceDetector.faces(pic, never);
      expect(others).toEqual([]);
      const [fx, fy] = centre(found!);
      const [wx, wy] = centre(where);
      expect(Math.hypot(fx - wx, fy - wy), `face at ${left},${top}`).toBeLessThan(size * 0.25);
      expect(found!.w / size).toBeGreaterThan(0.75);
      expect(found!.w / size).toBeLessThan(1.33);
      expect(found!.score).toBeGreaterThanOrEqual(0.5);
    }
  }, 60_000);

  it('finds nothing in a picture without a face, and detectFaceBox then leaves the guess to the caller', async () => {
    const blank = await raw(sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' } }));
    expect(await faceDetector.faces(blank, never)).toEqual([]);
    expect(await detectFaceBox(blank, never)).toBeNull();
  }, 60_000);

  it('a detector that cannot load: null and one warning, however many pictures; a canceled job still fails', async () => {
    const broken = { faces: () => Promise.reject(new Error('The face detector could not load: no wasm')) };
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const pic = await raw(sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }));
    expect(await detectFaceBox(pic, never, broken)).toBeNull();
    expect(await detectFaceBox(pic, never, broken)).toBeNull();
    expect(warn.mock.calls.filter(([message]) => String(message).includes('guessed face box'))).toHaveLength(1);
    warn.mockRestore();
    const canceled = new AbortController();
    canceled.abort(new Error('canceled'));
    await expect(detectFaceBox(pic, canceled.signal, broken)).rejects.toThrow('canceled');
  });

  it('a picture canceled while it waits is rejected; the thread ends after its idle time and a later picture starts another', async () => {
    const detector = new FaceDetector(200);
    const pic = await raw(sharp(PHOTO).resize(640));
    const stop = new AbortController();
    const waiting = detector.faces(pic, stop.signal);
    stop.abort(new Error('left'));
    await expect(waiting).rejects.toThrow('left');
    expect((await detector.faces(pic, never)).length).toBe(1);
    const first = detector.threadId;
    expect(first).toBeDefined();
    // Its idle time (200 ms) passes with nothing to do: the thread ends by itself.
    await until(() => detector.threadId === undefined, 'the idle thread ended', 10_000);
    expect((await detector.faces(pic, never)).length).toBe(1);
    expect(detector.threadId).toBeDefined();
    expect(detector.threadId).not.toBe(first);
    await detector.close();
  }, 60_000);
});
