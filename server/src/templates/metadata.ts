// Where the face is in each template: pure functions of the template's id, the same ones the
// drawing uses, so the face box of a picture and the face track of a clip are known exactly
// without storing or detecting anything.
import type { TemplateEntry } from '../../../contract/templates.ts';
import type { FaceBox, FaceTrack } from '../engines/types.ts';
import { createRng } from '../media/art/random.ts';

export const IMAGE_SIZE = { w: 768, h: 1024 } as const;
export const VIDEO_SIZE = { w: 540, h: 960 } as const;
/** Video templates are a pan over a still this much larger than the frame. */
export const VIDEO_STILL_SCALE = 1.25;
export const VIDEO_FPS = 25;
export const VIDEO_SECONDS = 2;
export const VIDEO_FRAMES = VIDEO_FPS * VIDEO_SECONDS;
export const THUMB_SIZE = { w: 240, h: 320 } as const;

/** A template's own seed: kind, gender and id. */
export function templateSeed(t: Pick<TemplateEntry, 'kind' | 'gender' | 'id'>): number {
  return ((t.kind === 'image' ? 0x5a17 : 0x3c91) * 100_003 + (t.gender === 'male' ? 7919 : 0) + t.id * 2_654_435_761) >>> 0;
}

/** The head the drawing puts in the picture (image) or the still (video): centre and radius in pixels. */
export interface HeadPlacement {
  cx: number;
  cy: number;
  r: number;
  /** Shares of the canvas, as portrait() takes them. */
  headX: number;
  headY: number;
  headScale: number;
}

export function headOf(t: TemplateEntry): HeadPlacement {
  const rng = createRng(templateSeed(t) ^ 0x9e3779b9);
  const canvas = t.kind === 'image' ? IMAGE_SIZE : { w: Math.round(VIDEO_SIZE.w * VIDEO_STILL_SCALE), h: Math.round(VIDEO_SIZE.h * VIDEO_STILL_SCALE) };
  const headX = rng.range(0.4, 0.6);
  const headY = rng.range(0.28, 0.36);
  const headScale = t.kind === 'image' ? rng.range(0.1, 0.13) : rng.range(0.12, 0.15);
  const r = Math.min(canvas.w, canvas.h) * headScale;
  return { cx: canvas.w * headX, cy: canvas.h * headY, r, headX, headY, headScale };
}

/** The face's box around a head of radius r at (cx, cy): a little taller than wide. */
function boxAround(cx: number, cy: number, r: number): FaceBox {
  return { x: Math.round(cx - r * 0.95), y: Math.round(cy - r * 1.15), w: Math.round(r * 1.9), h: Math.round(r * 2.3) };
}

/** An image template's face box (768x1024 picture). */
export function faceBoxOf(t: TemplateEntry): FaceBox {
  const head = headOf(t);
  return boxAround(head.cx, head.cy, head.r);
}

/** The crop of the still over the clip: a straight pan that keeps the whole face in every frame. */
export function panOf(t: TemplateEntry): { x0: number; y0: number; x1: number; y1: number } {
  const rng = createRng(templateSeed(t) ^ 0x85ebca6b);
  const head = headOf(t);
  const face = boxAround(head.cx, head.cy, head.r);
  const spareX = Math.round(VIDEO_SIZE.w * VIDEO_STILL_SCALE) - VIDEO_SIZE.w;
  const spareY = Math.round(VIDEO_SIZE.h * VIDEO_STILL_SCALE) - VIDEO_SIZE.h;
  // Crop offsets for which the face box stays inside the frame.
  const lo = { x: Math.max(0, face.x + face.w - VIDEO_SIZE.w), y: Math.max(0, face.y + face.h - VIDEO_SIZE.h) };
  const hi = { x: Math.min(spareX, face.x), y: Math.min(spareY, face.y) };
  const pick = (axis: 'x' | 'y') => Math.round(rng.range(lo[axis], Math.max(lo[axis], hi[axis])));
  return { x0: pick('x'), y0: pick('y'), x1: pick('x'), y1: pick('y') };
}

/** Crop offset at frame n (integers: the crop filter moves whole pixels). */
export function cropAt(t: TemplateEntry, n: number): { x: number; y: number } {
  const { x0, y0, x1, y1 } = panOf(t);
  const f = VIDEO_FRAMES > 1 ? n / (VIDEO_FRAMES - 1) : 0;
  return { x: Math.floor(x0 + (x1 - x0) * f), y: Math.floor(y0 + (y1 - y0) * f) };
}

/** A video template's face track: the still's face box moved by each frame's crop. */
export function faceTrackOf(t: TemplateEntry): FaceTrack {
  const head = headOf(t);
  const box = boxAround(head.cx, head.cy, head.r);
  const boxes = Array.from({ length: VIDEO_FRAMES }, (_, n) => {
    const { x, y } = cropAt(t, n);
    return { ...box, x: box.x - x, y: box.y - y };
  });
  return { fps: VIDEO_FPS, width: VIDEO_SIZE.w, height: VIDEO_SIZE.h, boxes };
}
