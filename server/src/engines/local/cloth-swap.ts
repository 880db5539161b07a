// The local cloth swap: the garment cut from its background (garment-cutout.ts: a background
// removal model), then fitted over the person's body region for its category, with a soft shadow.
import sharp from 'sharp';
import type { ClothCategory, ClothSwapInput, EngineContext, EngineFile, FaceBox } from '../types.ts';
import { cutOut } from './garment-cutout.ts';
import { imageNotes, pasteOnto, readImage, writePng } from './images.ts';

/** The category's body region as shares of the person picture: top, bottom and width. */
const REGIONS: Record<ClothCategory, { y0: number; y1: number; w: number }> = {
  tops: { y0: 0.3, y1: 0.62, w: 0.6 },
  bottoms: { y0: 0.55, y1: 0.95, w: 0.5 },
  'one-pieces': { y0: 0.3, y1: 0.92, w: 0.6 },
};

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
