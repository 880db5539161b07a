// The local face swap on a picture: the face's inner part (brow to chin) pasted over the target's
// face box with a feathered elliptical mask, its colours shifted toward the target's so skin and
// light agree. The box is the template's, our own image's (from its notes), the face detector's
// (outside pictures) or, with no face found, a guess.
import sharp from 'sharp';
import type { EngineContext, EngineFile, FaceBox, SwapImageInput } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { detectFaceBox } from './face-detect.ts';
import { FACE_SPAN } from './face-draw.ts';
import { FACE_HEAD } from './face.ts';
import { applyMask, clamp, clipBox, ellipseMask, pasteOnto, readImage, readPicture, writePng, type RawPicture } from './images.ts';

/** How far the pasted face's colour statistics move toward the target region's (0..1). */
const COLOR_PULL = 0.65;

/** For outside media: the upper-centre third of the picture, a face-shaped box. */
export function guessFaceBox(width: number, height: number): FaceBox {
  const w = width / 3;
  const h = Math.min(height / 3, w * 1.25);
  return { x: (width - w) / 2, y: height * 0.08, w, h };
}

/** Where the face sits in a face picture: ours put the head at FACE_HEAD; others are assumed alike. */
export function faceSpanOf(pic: RawPicture): FaceBox {
  const r = Math.min(pic.width, pic.height) * FACE_HEAD.r;
  const [cx, cy] = [pic.width * FACE_HEAD.cx, pic.height * FACE_HEAD.cy];
  return { x: cx + FACE_SPAN.x * r, y: cy + FACE_SPAN.y * r, w: FACE_SPAN.w * r, h: FACE_SPAN.h * r };
}

/** Per-channel mean and standard deviation of RGBA pixels, weighted by a mask. */
function stats(rgba: Buffer, mask: Uint8Array): { mean: number[]; std: number[] } {
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let weight = 0;
  for (let i = 0; i < mask.length; i += 1) {
    const m = (mask[i] as number) / 255;
    if (m === 0) continue;
    weight += m;
    for (let c = 0; c < 3; c += 1) {
      const v = rgba[i * 4 + c] as number;
      sum[c] = (sum[c] as number) + v * m;
      sq[c] = (sq[c] as number) + v * v * m;
    }
  }
  const mean = sum.map((s) => s / Math.max(weight, 1e-6));
  const std = sq.map((s, c) => Math.sqrt(Math.max(0, s / Math.max(weight, 1e-6) - (mean[c] as number) ** 2)));
  return { mean, std };
}

/** Moves `face`'s per-channel mean and spread toward `target`'s, in place (both RGBA, same size). */
function matchColors(face: Buffer, target: Buffer, mask: Uint8Array, pull = COLOR_PULL): void {
  const s = stats(face, mask);
  const t = stats(target, mask);
  for (let c = 0; c < 3; c += 1) {
    const ratio = 1 + pull * (clamp((t.std[c] as number) / Math.max(s.std[c] as number, 1), 0.5, 2) - 1);
    const shift = pull * ((t.mean[c] as number) - (s.mean[c] as number));
    const ms = s.mean[c] as number;
    for (let i = 0; i < mask.length; i += 1) {
      const j = i * 4 + c;
      face[j] = clamp(Math.round(((face[j] as number) - ms) * ratio + ms + shift), 0, 255);
    }
  }
}

export async function swapImage(input: SwapImageInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  ctx.progress(5);
  const { pic: target, notes } = await readImage(input.targetPath, ctx.signal);
  const want = input.faceBox ?? notes?.faceBox ?? (await detectFaceBox(target, ctx.signal)) ?? guessFaceBox(target.width, target.height);
  const box = clipBox(want, target.width, target.height);
  if (!box) throw new EngineInputError('The face box lies outside the picture.');
  ctx.progress(20);

  const face = await readPicture(input.facePath, ctx.signal, 1024);
  const span = clipBox(faceSpanOf(face), face.width, face.height) ?? { x: 0, y: 0, w: face.width, h: face.height };
  // The face is sized to the whole wanted box, then cut to the part inside the picture.
  const [ww, wh] = [Math.max(2, Math.round(want.w)), Math.max(2, Math.round(want.h))];
  const [ox, oy] = [box.x - Math.round(want.x), box.y - Math.round(want.y)];
  const w = Math.min(box.w, ww - ox);
  const h = Math.min(box.h, wh - oy);
  const pasted = await sharp(face.data, { raw: { width: face.width, height: face.height, channels: 4 } })
    .extract({ left: span.x, top: span.y, width: span.w, height: span.h })
    .resize(ww, wh, { fit: 'fill' })
    .extract({ left: ox, top: oy, width: w, height: h })
    .raw()
    .toBuffer();
  ctx.signal.throwIfAborted();
  ctx.progress(45);

  const mask = ellipseMask(w, h, 0.7, { cx: ww / 2 - ox, cy: wh / 2 - oy, rx: ww / 2, ry: wh / 2 });
  const region = await sharp(target.data, { raw: { width: target.width, height: target.height, channels: 4 } })
    .extract({ left: box.x, top: box.y, width: w, height: h })
    .raw()
    .toBuffer();
  matchColors(pasted, region, mask);
  applyMask(pasted, mask);
  ctx.signal.throwIfAborted();
  ctx.progress(70);

  const out = await pasteOnto(target, [{ input: pasted, raw: { width: w, height: h, channels: 4 }, left: box.x, top: box.y }]);
  const file = await writePng(ctx, 'swap.png', out);
  ctx.progress(100);
  return file;
}
