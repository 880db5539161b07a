// The local cloth swap: the garment cut from its background, then fitted over the person's body
// region for its category, with a soft shadow under it. No AI: the cut-out estimates the
// background from the border and keeps what differs from it (issue 16 puts a model behind cutOut).
import sharp from 'sharp';
import type { ClothCategory, ClothSwapInput, EngineContext, EngineFile, FaceBox } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { imageNotes, pasteOnto, readImage, readPicture, smoothstep, writePng, type RawPicture } from './images.ts';

export interface CutOut {
  png: Buffer;
  width: number;
  height: number;
}

/** The category's body region as shares of the person picture: top, bottom and width. */
const REGIONS: Record<ClothCategory, { y0: number; y1: number; w: number }> = {
  tops: { y0: 0.3, y1: 0.62, w: 0.6 },
  bottoms: { y0: 0.55, y1: 0.95, w: 0.5 },
  'one-pieces': { y0: 0.3, y1: 0.92, w: 0.6 },
};

/** Less than this share of the picture left after the cut: no garment. */
const MIN_GARMENT_SHARE = 0.01;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Alpha from the background: the border's median colour is the background; pixels joined to the
 * border through colours near it are background too, fading out over a soft threshold. A
 * picture whose border is already transparent keeps its own alpha.
 */
function backgroundAlpha(pic: RawPicture): Uint8Array {
  const { data, width: w, height: h } = pic;
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = data[i * 4 + 3] as number;
  const ring = Math.max(1, Math.round(Math.min(w, h) * 0.01));
  const border: number[] = [];
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) if (x < ring || y < ring || x >= w - ring || y >= h - ring) border.push(y * w + x);
  }
  const opaque = border.filter((i) => (alpha[i] as number) >= 32);
  if (opaque.length < border.length * 0.4) return alpha;
  const bg = [0, 1, 2].map((c) => median(opaque.map((i) => data[i * 4 + c] as number)));
  const dist = (i: number) => Math.hypot((data[i * 4] as number) - (bg[0] as number), (data[i * 4 + 1] as number) - (bg[1] as number), (data[i * 4 + 2] as number) - (bg[2] as number));
  const spread = median(opaque.map(dist));
  const lo = Math.max(14, spread * 2.5);
  const hi = lo + 36;
  // Flood from the border through background-like pixels (an explicit stack: no recursion).
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  for (const i of border) {
    if (!seen[i] && dist(i) < hi) {
      seen[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop() as number;
    setCoverage(i, smoothstep(lo, hi, dist(i)));
    for (const j of neighbours(i)) {
      if (!seen[j] && dist(j) < hi) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  // The garment's outer ring mixes garment and background: its coverage is how far its colour
  // has gone from the background toward the garment's own colour just inside.
  const edge: number[] = [];
  for (let i = 0; i < w * h; i += 1) if (!seen[i] && neighbours(i).some((j) => seen[j])) edge.push(i);
  for (const i of edge) {
    const inside = Math.max(...neighbours(i).filter((j) => !seen[j]).map(dist), dist(i));
    if (inside > hi) setCoverage(i, Math.min(1, Math.max(0, (dist(i) - lo) / (inside - lo))));
  }
  return alpha;

  function neighbours(i: number): number[] {
    const x = i % w;
    return [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w].filter((j) => j >= 0 && j < w * h);
  }

  /** Scales alpha by the garment's share k, taking the background's share out of the colour. */
  function setCoverage(i: number, k: number): void {
    alpha[i] = Math.round((alpha[i] as number) * k);
    if (k <= 0.05 || k >= 1) return;
    for (let c = 0; c < 3; c += 1) data[i * 4 + c] = Math.min(255, Math.max(0, Math.round(((data[i * 4 + c] as number) - (bg[c] as number) * (1 - k)) / k)));
  }
}

/** The garment alone on transparency, trimmed to its bounds; EngineInputError when nothing is left. */
export async function cutOut(garmentPath: string, signal: AbortSignal = new AbortController().signal): Promise<CutOut> {
  const pic = await readPicture(garmentPath, signal, 768);
  const alpha = backgroundAlpha(pic);
  signal.throwIfAborted();
  let [x0, y0, x1, y1, count] = [pic.width, pic.height, -1, -1, 0];
  for (let y = 0; y < pic.height; y += 1) {
    for (let x = 0; x < pic.width; x += 1) {
      const a = alpha[y * pic.width + x] as number;
      pic.data[(y * pic.width + x) * 4 + 3] = a;
      if (a < 128) continue;
      count += 1;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  if (count < pic.width * pic.height * MIN_GARMENT_SHARE || x1 - x0 < 8 || y1 - y0 < 8) throw new EngineInputError('No garment found in the uploaded image.');
  const [width, height] = [x1 - x0 + 1, y1 - y0 + 1];
  const png = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
    .extract({ left: x0, top: y0, width, height })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, width, height };
}

/** The region a garment of `category` goes in: our own image's notes, else the body's usual place. */
function regionOf(category: ClothCategory, width: number, height: number, notes: ReturnType<typeof imageNotes>): FaceBox {
  if (notes) return notes.regions[category];
  const r = REGIONS[category];
  return { x: (width * (1 - r.w)) / 2, y: height * r.y0, w: width * r.w, h: height * (r.y1 - r.y0) };
}

export async function clothSwap(input: ClothSwapInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  ctx.progress(5);
  const { pic: person, notes } = await readImage(input.personPath, ctx.signal);
  ctx.progress(15);
  const garment = await cutOut(input.garmentPath, ctx.signal);
  ctx.signal.throwIfAborted();
  ctx.progress(50);

  // Fit inside the region, centred across, from its top (shoulders or waist) down.
  const region = regionOf(input.category, person.width, person.height, notes);
  const scale = Math.min(region.w / garment.width, region.h / garment.height);
  const w = Math.max(1, Math.round(garment.width * scale));
  const h = Math.max(1, Math.round(garment.height * scale));
  const left = Math.round(region.x + (region.w - w) / 2);
  const top = Math.round(region.y);
  const fitted = await sharp(garment.png).resize(w, h, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer();
  const pad = Math.max(4, Math.round(Math.max(w, h) * 0.03));
  const shadow = await sharp(fitted)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .modulate({ brightness: 0 })
    .linear([1, 1, 1, 0.4], [0, 0, 0, 0])
    .blur(pad / 2)
    .png({ compressionLevel: 1 })
    .toBuffer();
  ctx.signal.throwIfAborted();
  ctx.progress(75);

  const shadowFits = w + 2 * pad <= person.width && h + 2 * pad <= person.height;
  const out = await pasteOnto(person, [...(shadowFits ? [{ input: shadow, left: left - pad, top: top - pad + Math.round(pad / 3) }] : []), { input: fitted, left, top }]);
  const file = await writePng(ctx, 'cloth.png', out);
  ctx.progress(100);
  return file;
}
