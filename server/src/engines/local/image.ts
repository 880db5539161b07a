// The local image: the chosen face on a body in a scene, 768x1024 PNG, no AI. The prompt's words
// pick the palette, setting and outfit; its pose modifier picks the framing. A face made by the
// local face capability is redrawn from its parameters (sharp at any size); any other face
// picture is cut out with a feathered ellipse and pasted on.
import sharp from 'sharp';
import { backdrop, backdropDefs, sceneOf, vignette, type Box } from '../../media/art/backdrop.ts';
import { mix } from '../../media/art/palette.ts';
import { svgDocument } from '../../media/art/portrait.ts';
import { createRng, n, type Rng } from '../../media/art/random.ts';
import type { EngineContext, EngineFile, FaceBox, ImageInput } from '../types.ts';
import { body, bodyFrame } from './body.ts';
import { FACE_SPAN, headParts, skinDefs, skinTones } from './face-draw.ts';
import { isFaceParams, OUTFITS, type FaceParams } from './face-params.ts';
import { outfitColorOf } from './face-words.ts';
import { FACE_HEAD } from './face.ts';
import { applyMask, clipBox, ellipseMask, meanColor, normalizeText, paletteAt, paletteIndexFor, readNotes, readPicture, sceneWords, seedOf, writePng, type RawPicture, type StudioNotes } from './images.ts';

export const IMAGE_SIZE: Box = { w: 768, h: 1024 };

export type Pose = 'selfie' | 'half' | 'full';

/** Head centre and half-height as shares of the width (r, cx) and height (cy). */
const FRAMING: Record<Pose, { cx: number; cy: number; r: number }> = {
  selfie: { cx: 0.5, cy: 0.33, r: 0.2 },
  half: { cx: 0.5, cy: 0.21, r: 0.14 },
  full: { cx: 0.5, cy: 0.137, r: 0.0885 },
};

/** The page's pose modifiers (spec §7): 'upper body 1' Selfie, 'upper body 2' Half body, 'full body'; else Random. */
export function poseOf(prompt: string): Pose | 'random' {
  const t = normalizeText(prompt);
  if (/\bupper body 1\b/.test(t)) return 'selfie';
  if (/\bupper body 2\b/.test(t)) return 'half';
  if (/\bfull body\b/.test(t)) return 'full';
  return 'random';
}

interface Frame {
  pose: Pose;
  cx: number;
  cy: number;
  r: number;
}

function frameOf(prompt: string, rng: Rng): Frame {
  const found = poseOf(prompt);
  const pose = found === 'random' ? rng.pick(['selfie', 'half', 'full'] as const) : found;
  const base = FRAMING[pose];
  const jitter = found === 'random' ? { dx: rng.range(-0.08, 0.08), s: rng.range(0.95, 1.05) } : { dx: 0, s: 1 };
  return { pose, cx: (base.cx + jitter.dx) * IMAGE_SIZE.w, cy: base.cy * IMAGE_SIZE.h, r: base.r * IMAGE_SIZE.w * jitter.s };
}

/** A box in head units placed in the picture. */
const place = (fr: Frame, x0: number, y0: number, x1: number, y1: number): FaceBox => ({ x: fr.cx + x0 * fr.r, y: fr.cy + y0 * fr.r, w: (x1 - x0) * fr.r, h: (y1 - y0) * fr.r });

/** Where the face and the garment regions are, for the swaps that may follow (clipped to the picture). */
function layout(fr: Frame, male: boolean): Extract<StudioNotes, { kind: 'persona-image' }> {
  const b = bodyFrame(male);
  const { w, h } = IMAGE_SIZE;
  const fallback = (y0: number, y1: number): FaceBox => ({ x: w * 0.2, y: h * y0, w: w * 0.6, h: h * (y1 - y0) });
  const region = (box: FaceBox, y0: number, y1: number) => {
    const c = clipBox(box, w, h);
    return c && c.h > box.h * 0.25 ? c : fallback(y0, y1);
  };
  const S = b.shoulder + 0.1;
  return {
    kind: 'persona-image',
    faceBox: clipBox(place(fr, FACE_SPAN.x, FACE_SPAN.y, FACE_SPAN.x + FACE_SPAN.w, FACE_SPAN.y + FACE_SPAN.h), w, h) ?? fallback(0.1, 0.3),
    regions: {
      tops: region(place(fr, -S, 1.45, S, 4.65), 0.3, 0.62),
      bottoms: region(place(fr, -(b.hip + 0.1), b.waistY + 0.4, b.hip + 0.1, b.ankleY), 0.55, 0.95),
      'one-pieces': region(place(fr, -S, 1.45, S, b.kneeY), 0.3, 0.92),
    },
  };
}

/** The outfit: the prompt's colour words first, then the face's own top, then the seed. */
function outfit(prompt: string, gender: ImageInput['gender'], params: FaceParams | null, rng: Rng) {
  const dress = gender === 'female' && (/\b(dress|gown|skirt|saree|sari)\b/.test(prompt) || (!/\b(jeans|trousers|pants|shorts)\b/.test(prompt) && rng.chance(0.3)));
  const top = outfitColorOf(prompt) ?? params?.outfit ?? rng.pick(OUTFITS);
  const bottom = /\b(jeans|denim)\b/.test(prompt) ? '#3d5f8f' : rng.pick(['#1d1a27', '#2d2b33', '#3d5f8f', '#e7dbc6', mix(top, '#000000', 0.5)]);
  return { dress, top, bottom };
}

/** Cuts the head out of a face picture we did not draw (where ours put it), feathered, sized for the frame. */
async function pastedHead(pic: RawPicture, fr: Frame): Promise<{ input: Buffer; left: number; top: number }> {
  const side = Math.min(pic.width, pic.height);
  const [cx, cy, r0] = [pic.width * FACE_HEAD.cx, pic.height * FACE_HEAD.cy, side * FACE_HEAD.r];
  const want = { x: cx - 1.45 * r0, y: cy - 1.45 * r0, w: 2.9 * r0, h: 2.8 * r0 };
  const box = clipBox(want, pic.width, pic.height) ?? { x: 0, y: 0, w: pic.width, h: pic.height };
  const scale = fr.r / r0;
  const w = Math.max(1, Math.round(box.w * scale));
  const h = Math.max(1, Math.round(box.h * scale));
  const { data } = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
    .extract({ left: box.x, top: box.y, width: box.w, height: box.h })
    .resize(w, h)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The ellipse is the wanted box's, so a head near the picture's edge keeps its shape.
  const ellipse = { cx: (want.x + want.w / 2 - box.x) * scale, cy: (want.y + want.h / 2 - box.y) * scale, rx: (want.w / 2) * scale, ry: (want.h / 2) * scale };
  const input = await sharp(applyMask(data, ellipseMask(w, h, 0.62, ellipse)), { raw: { width: w, height: h, channels: 4 } }).png().toBuffer();
  return { input, left: Math.round(fr.cx + (box.x - cx) * scale), top: Math.round(fr.cy + (box.y - cy) * scale) };
}

export async function image(input: ImageInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  ctx.progress(5);
  const notes = await readNotes(input.facePath);
  const params = notes?.kind === 'persona-face' && isFaceParams(notes.params) ? notes.params : null;
  const pic = params ? null : await readPicture(input.facePath, ctx.signal, 1024);
  ctx.progress(20);

  const prompt = normalizeText(input.prompt);
  const rng = createRng(seedOf(`image|${input.gender}|${prompt}`));
  const fr = frameOf(prompt, rng);
  const words = sceneWords(prompt);
  const palette = paletteAt(paletteIndexFor(words, rng));
  const scene = sceneOf(words, rng);
  const clothes = outfit(prompt, input.gender, params, rng);
  const male = (params?.gender ?? input.gender) === 'male';
  const cheek = pic ? meanColor(pic, { x: pic.width * 0.4, y: pic.height * 0.47, w: pic.width * 0.2, h: pic.height * 0.06 }) : null;
  const skin = params ? skinTones(params.skin, params.undertone) : { light: cheek as string, shadow: mix(cheek as string, '#1a0c10', 0.35) };
  const head = params ? headParts(params, 'h', clothes.top) : { defs: skinDefs('h', skin.light, skin.shadow, 1), back: '', front: '' };
  const figure = body({ male, skin, ...clothes, neckline: params?.neckline ?? (male ? 'crew' : 'scoop'), neck: !params, selfieArm: fr.pose === 'selfie', id: 'h' });
  const box = IMAGE_SIZE;
  const feet = fr.cy + 11.3 * fr.r;
  const floor = feet < box.h ? `<rect x="0" y="${n(feet - fr.r * 0.6)}" width="${box.w}" height="${n(box.h - feet + fr.r * 0.6)}" fill="${palette.base}" opacity="0.55"/><ellipse cx="${n(fr.cx)}" cy="${n(feet)}" rx="${n(fr.r * 1.8)}" ry="${n(fr.r * 0.3)}" fill="#000" opacity="0.35"/>` : '';
  const glow = `<ellipse cx="${n(fr.cx)}" cy="${n(fr.cy + fr.r * 2)}" rx="${n(fr.r * 4)}" ry="${n(fr.r * 5)}" fill="url(#b-s0)" opacity="0.35"/>`;
  const svg = svgDocument(box, {
    defs: backdropDefs('b', palette, box, rng) + head.defs,
    body: backdrop('b', palette, box, scene, rng) + floor + glow + `<g transform="translate(${n(fr.cx)} ${n(fr.cy)}) scale(${fr.r.toFixed(3)})">${head.back}${figure}${head.front}</g>` + vignette('b', box),
  });
  ctx.progress(40);

  let picture = sharp(Buffer.from(svg));
  if (pic) {
    picture = picture.composite([await pastedHead(pic, fr)]);
    ctx.signal.throwIfAborted();
  }
  const { data, info } = await picture.raw().toBuffer({ resolveWithObject: true });
  ctx.signal.throwIfAborted();
  ctx.progress(80);
  const file = await writePng(ctx, 'image.png', sharp(data, { raw: info }), layout(fr, male));
  ctx.progress(100);
  return file;
}
