// What the local picture capabilities share: seeds from text, reading input pictures, writing PNG
// outputs (with our own layout notes in XMP) and the feathered masks used to paste one picture
// into another.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { PALETTES, type Palette } from '../../media/art/palette.ts';
import type { Rng } from '../../media/art/random.ts';
import { writeAtomically } from '../../media/render.ts';
import { EngineInputError, type EngineContext, type EngineFile, type FaceBox } from '../types.ts';

/** Lower case, trimmed, inner spaces collapsed: 'Taylor  Swift ' and 'taylor swift' are one name. */
export const normalizeText = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A 32-bit seed from text (SHA-256, so near-identical texts give unrelated seeds). */
export const seedOf = (text: string): number => createHash('sha256').update(text).digest().readUInt32LE(0);

export const clamp = (v: number, lo = 0, hi = 1): number => Math.min(hi, Math.max(lo, v));

/** 0 below a, 1 above b, a smooth ramp between. */
export function smoothstep(a: number, b: number, v: number): number {
  const t = clamp((v - a) / (b - a));
  return t * t * (3 - 2 * t);
}

export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

/** Decodes an input picture (upright, RGBA); a file sharp cannot read is the user's input, not our fault. */
export async function readPicture(path: string, signal: AbortSignal, maxSide?: number): Promise<RawPicture> {
  signal.throwIfAborted();
  try {
    let image = sharp(path).rotate();
    if (maxSide) image = image.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    signal.throwIfAborted();
    return { data, width: info.width, height: info.height, channels: 4 };
  } catch (err) {
    signal.throwIfAborted();
    throw new EngineInputError('The picture could not be read.', { cause: err });
  }
}

/** Encodes RGBA pixels (or any sharp pipeline) as a PNG in workDir, with `notes` in its XMP when given. */
export async function writePng(ctx: EngineContext, name: string, image: Sharp, notes?: StudioNotes): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  const path = join(ctx.workDir, name);
  let png = image.png({ compressionLevel: 6 });
  if (notes) png = png.withXmp(xmpPacket(notes));
  await writeAtomically(path, (tmp) => png.toFile(tmp));
  ctx.signal.throwIfAborted();
  return { path, mime: 'image/png' };
}

const rawImage = (pic: RawPicture): Sharp => sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: pic.channels } });

const isOpaque = (pic: RawPicture): boolean => {
  for (let i = 3; i < pic.data.length; i += 4) if (pic.data[i] !== 255) return false;
  return true;
};

/** `pic` with overlays composited on; an opaque picture stays without an alpha channel. */
export async function pasteOnto(pic: RawPicture, overlays: OverlayOptions[]): Promise<Sharp> {
  const out = rawImage(pic).composite(overlays);
  if (!isOpaque(pic)) return out;
  return sharp(await out.raw().toBuffer(), { raw: { width: pic.width, height: pic.height, channels: 4 } }).removeAlpha();
}

/**
 * Layout notes our own pictures carry, so the next capability can reuse them: a face keeps the
 * parameters it was drawn from (the image capability redraws it sharply at any size), an image
 * keeps where its face and garment regions are (for face and cloth swaps).
 */
export type StudioNotes =
  | { kind: 'persona-face'; params: unknown }
  | { kind: 'persona-image'; faceBox: FaceBox; regions: Record<'tops' | 'bottoms' | 'one-pieces', FaceBox> };

const XMP_ATTR = 'ps:notes';

function xmpPacket(notes: StudioNotes): string {
  const json = JSON.stringify(notes).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:ps="https://personastudio.app/ns/1.0/" ${XMP_ATTR}="${json}"/></rdf:RDF></x:xmpmeta>`
  );
}

/** Our notes from a picture's XMP, or null (a picture from elsewhere, or notes stripped on the way). */
export async function readNotes(path: string): Promise<StudioNotes | null> {
  try {
    const { xmpAsString } = await sharp(path).metadata();
    const match = xmpAsString?.match(new RegExp(`${XMP_ATTR}="([^"]*)"`));
    if (!match) return null;
    const json = (match[1] as string).replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    const notes = JSON.parse(json) as StudioNotes;
    return notes && typeof notes === 'object' && typeof notes.kind === 'string' ? notes : null;
  } catch {
    return null;
  }
}

const isBox = (b: unknown): b is FaceBox => !!b && typeof b === 'object' && ['x', 'y', 'w', 'h'].every((k) => Number.isFinite((b as Record<string, unknown>)[k]));

/** The image notes when they are well formed and fit a picture of this size. */
export function imageNotes(notes: StudioNotes | null, width: number, height: number): Extract<StudioNotes, { kind: 'persona-image' }> | null {
  if (notes?.kind !== 'persona-image' || !isBox(notes.faceBox) || !notes.regions) return null;
  const boxes = [notes.faceBox, notes.regions.tops, notes.regions.bottoms, notes.regions['one-pieces']];
  const fits = boxes.every((b) => isBox(b) && b.w > 0 && b.h > 0 && b.x + b.w <= width + 1 && b.y + b.h <= height + 1);
  return fits ? notes : null;
}

/** A picture we may have made ourselves: its pixels and, when it carries them, its image notes. */
export async function readImage(path: string, signal: AbortSignal): Promise<{ pic: RawPicture; notes: ReturnType<typeof imageNotes> }> {
  const pic = await readPicture(path, signal);
  return { pic, notes: imageNotes(await readNotes(path), pic.width, pic.height) };
}

/** The part of `box` inside a width x height picture, in whole pixels (null when nothing is left). */
export function clipBox(box: FaceBox, width: number, height: number): FaceBox | null {
  const x = Math.max(0, Math.round(box.x));
  const y = Math.max(0, Math.round(box.y));
  const w = Math.min(width, Math.round(box.x + box.w)) - x;
  const h = Math.min(height, Math.round(box.y + box.h)) - y;
  return w >= 2 && h >= 2 ? { x, y, w, h } : null;
}

export interface Ellipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/**
 * An elliptical mask over a w x h area: 1 inside `inner` of the radius, fading smoothly to 0 at
 * the edge. The ellipse fills the area unless given (it may reach past the area's sides). One
 * byte per pixel.
 */
export function ellipseMask(w: number, h: number, inner = 0.72, e: Ellipse = { cx: w / 2, cy: h / 2, rx: w / 2, ry: h / 2 }): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const dy = (y + 0.5 - e.cy) / e.ry;
    for (let x = 0; x < w; x += 1) {
      mask[y * w + x] = Math.round(255 * (1 - smoothstep(inner, 1, Math.hypot((x + 0.5 - e.cx) / e.rx, dy))));
    }
  }
  return mask;
}

/** The mean colour of a box of an RGBA picture, as #rrggbb. */
export function meanColor(pic: RawPicture, box: FaceBox): string {
  const b = clipBox(box, pic.width, pic.height) ?? { x: 0, y: 0, w: pic.width, h: pic.height };
  const sum = [0, 0, 0];
  for (let y = b.y; y < b.y + b.h; y += 1) {
    for (let x = b.x; x < b.x + b.w; x += 1) {
      const i = (y * pic.width + x) * 4;
      for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] as number) + (pic.data[i + c] as number);
    }
  }
  return `#${sum.map((v) => Math.round(v / (b.w * b.h)).toString(16).padStart(2, '0')).join('')}`;
}

/** Words that steer a scene, without the ones about the person ('blue eyes', 'brown skin'). */
export const sceneWords = (text: string): string => text.toLowerCase().replace(/\b[a-z]+[ -](eyes|eyed|hair|haired|skin|skinned|lips)\b/g, ' ');

/** Multiplies an RGBA buffer's alpha by a one-byte mask of the same size (in place). */
export function applyMask(rgba: Buffer, mask: Uint8Array): Buffer {
  for (let i = 0; i < mask.length; i += 1) rgba[i * 4 + 3] = Math.round(((rgba[i * 4 + 3] as number) * (mask[i] as number)) / 255);
  return rgba;
}

/** Colour words in a prompt choose the palette; otherwise the seed does. */
const PALETTE_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(violet|purple|lavender|lilac)\b/, 0],
  [/\b(indigo|magenta)\b/, 1],
  [/\b(orange|peach|coral|warm)\b/, 2],
  [/\b(blue|cyan|teal|turquoise|ocean|cool)\b/, 3],
  [/\b(red|crimson|scarlet|ruby)\b/, 4],
  [/\b(pink|rose|pastel)\b/, 5],
];

export function paletteIndexFor(text: string, rng: Rng): number {
  const hit = PALETTE_WORDS.find(([re]) => re.test(text));
  return hit ? hit[1] : Math.floor(rng.next() * PALETTES.length);
}

export const paletteAt = (index: number): Palette => PALETTES[Math.abs(Math.round(index)) % PALETTES.length] as Palette;
