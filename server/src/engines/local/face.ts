// The local face: a 768x768 PNG portrait drawn from a parameter vector (celebrity names blended,
// or a prompt's words), no AI. The vector rides along in the PNG's XMP so the image capability
// can redraw the same head at any size.
import sharp from 'sharp';
import { backdrop, backdropDefs, vignette, type Box } from '../../media/art/backdrop.ts';
import { svgDocument } from '../../media/art/portrait.ts';
import { createRng, n } from '../../media/art/random.ts';
import type { EngineContext, FaceInput, FaceResult } from '../types.ts';
import { bust, headParts } from './face-draw.ts';
import { celebrityParams, promptParams, type FaceParams } from './face-params.ts';
import { describe } from './face-words.ts';
import { paletteAt, writePng } from './images.ts';

export const FACE_SIZE = 768;
/** Where the head sits in a face picture, as shares of its side: centre and half-height. */
export const FACE_HEAD = { cx: 0.5, cy: 0.43, r: 0.215 } as const;

/** The whole face picture: backdrop, a glow behind the head, the bust and head, a vignette. */
export function facePictureSvg(p: FaceParams): string {
  const box: Box = { w: FACE_SIZE, h: FACE_SIZE };
  const rng = createRng(p.seed ^ 0x68e31da4);
  const palette = paletteAt(p.palette);
  const head = headParts(p, 'h');
  const [cx, cy, r] = [FACE_HEAD.cx * box.w, FACE_HEAD.cy * box.h, FACE_HEAD.r * box.w];
  const glow = `<ellipse cx="${n(cx)}" cy="${n(cy + r)}" rx="${n(r * 3)}" ry="${n(r * 2.8)}" fill="url(#b-s0)" opacity="0.4"/>`;
  return svgDocument(box, {
    defs: backdropDefs('b', palette, box, rng) + head.defs,
    body: backdrop('b', palette, box, p.scene, rng) + glow + `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(r)})">${head.back}${bust(p, 'h')}${head.front}</g>` + vignette('b', box),
  });
}

export async function face(input: FaceInput, ctx: EngineContext): Promise<FaceResult> {
  ctx.signal.throwIfAborted();
  ctx.progress(5);
  const params = input.celebrities ? celebrityParams(input.celebrities, input.gender) : promptParams(input.prompt ?? '', input.gender);
  ctx.progress(20);
  const svg = Buffer.from(facePictureSvg(params));
  ctx.progress(35);
  const { data, info } = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  ctx.signal.throwIfAborted();
  ctx.progress(75);
  const file = await writePng(ctx, 'face.png', sharp(data, { raw: info }), { kind: 'persona-face', params });
  ctx.progress(100);
  return { ...file, facePrompt: describe(params) };
}
