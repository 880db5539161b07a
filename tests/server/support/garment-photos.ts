// Garment photos with a known garment mask, for the cut-out's tests and bench: a T-shirt, a dress
// or jeans drawn with shading, folds, seams and fabric texture on a busy, wooden or plain
// backdrop, then given a camera's softness, sensor noise and JPEG's loss.
import sharp from 'sharp';
import { backdrop, backdropDefs, vignette } from '../../../server/src/media/art/backdrop.ts';
import { PALETTES } from '../../../server/src/media/art/palette.ts';
import { createRng } from '../../../server/src/media/art/random.ts';

export type Garment = 'tee' | 'dress' | 'jeans';
export type Backdrop = 'busy' | 'wood' | 'plain';

export interface GarmentPhoto {
  jpeg: Buffer;
  /** 1 byte a pixel: 255 where the garment is. */
  mask: Uint8Array;
  width: number;
  height: number;
}

/** Outlines in a 200 x 260 design box; folds as open strokes inside them. */
const GARMENTS: Record<Garment, { outline: string; folds: string[]; seams: string[]; fabric: string; print: string }> = {
  tee: {
    outline: 'M62,12 L86,2 Q100,20 114,2 L138,12 L196,52 L176,90 L150,74 L152,252 Q100,258 48,252 L50,74 L24,90 L4,52 Z',
    folds: ['M70,90 Q80,160 66,240', 'M128,100 Q118,170 134,238', 'M95,140 Q104,190 92,250', 'M30,60 Q40,70 52,72'],
    seams: ['M50,246 Q100,252 150,246', 'M50,74 L62,14', 'M150,74 L138,14', 'M86,4 Q100,24 114,4'],
    fabric: '#c7354a',
    print: '<path d="M0,4 L4,0" stroke="#000" stroke-opacity="0.14" stroke-width="0.6"/>',
  },
  dress: {
    outline: 'M70,2 L77,2 L82,40 Q100,52 118,40 L123,2 L130,2 L136,62 Q124,92 130,112 L188,250 Q100,266 12,250 L70,112 Q76,92 64,62 Z',
    folds: ['M84,120 Q70,190 50,246', 'M100,118 Q102,190 96,256', 'M116,120 Q132,190 152,248', 'M76,70 Q100,80 124,70'],
    seams: ['M66,110 Q100,118 134,110', 'M16,246 Q100,262 184,246'],
    fabric: '#2f6f6a',
    print: '<circle cx="3" cy="3" r="1.2" fill="#f6e7b2" fill-opacity="0.7"/><circle cx="0" cy="0" r="0.6" fill="#e98aa8" fill-opacity="0.8"/>',
  },
  jeans: {
    outline: 'M40,2 L160,2 L164,40 L178,254 L116,256 L102,86 Q100,82 98,86 L84,256 L22,254 L36,40 Z',
    folds: ['M60,120 Q70,180 56,240', 'M142,120 Q130,180 146,240', 'M52,60 Q70,66 84,60', 'M118,62 Q132,68 150,60'],
    seams: ['M40,14 L160,14', 'M100,14 L100,84', 'M46,22 Q56,50 84,46', 'M154,22 Q144,50 116,46', 'M30,120 L36,250', 'M170,120 L164,250'],
    fabric: '#34507e',
    print: '<path d="M0,4 L4,0 M-1,1 L1,-1 M3,5 L5,3" stroke="#dfe8f7" stroke-opacity="0.18" stroke-width="0.7"/>',
  },
};

function backdropSvg(kind: Backdrop, w: number, h: number, seed: number): { defs: string; body: string } {
  const rng = createRng(seed);
  if (kind === 'busy') {
    const p = PALETTES[seed % PALETTES.length]!;
    const box = { w, h };
    return { defs: backdropDefs('bg', p, box, rng), body: backdrop('bg', p, box, rng.pick(['city', 'festive', 'neon'] as const), rng) + vignette('bg', box) };
  }
  if (kind === 'plain') {
    return { defs: '<linearGradient id="plain" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#eeeae4"/><stop offset="1" stop-color="#b9b2a8"/></linearGradient>', body: `<rect width="${w}" height="${h}" fill="url(#plain)"/>` };
  }
  const planks: string[] = [];
  for (let x = 0, i = 0; x < w; x += w / 6, i += 1) {
    const tone = ['#8a5a35', '#9b6a41', '#7b4e2c', '#a47448'][i % 4];
    planks.push(`<rect x="${x}" y="0" width="${w / 6 - 2}" height="${h}" fill="${tone}"/>`);
    for (let k = 0; k < 7; k += 1) {
      const gx = x + rng.range(4, w / 6 - 6);
      planks.push(`<path d="M${gx},0 C${gx + rng.range(-9, 9)},${h * 0.3} ${gx + rng.range(-9, 9)},${h * 0.7} ${gx},${h}" stroke="#3d2412" stroke-opacity="${rng.range(0.15, 0.4).toFixed(2)}" stroke-width="${rng.range(0.6, 2).toFixed(1)}" fill="none"/>`);
    }
  }
  return { defs: '<radialGradient id="light" cx="40%" cy="30%" r="80%"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>', body: `${planks.join('')}<rect width="${w}" height="${h}" fill="url(#light)"/>` };
}

/** Where the 200 x 260 design box goes: centred, 80% of the width or 70% of the height. */
function placement(w: number, h: number): string {
  const s = Math.min((w * 0.8) / 200, (h * 0.7) / 260);
  return `translate(${((w - 200 * s) / 2).toFixed(1)},${((h - 260 * s) / 2).toFixed(1)}) scale(${s.toFixed(4)})`;
}

/** A garment photo; with garment null, the backdrop alone (an empty mask). */
export async function garmentPhoto(garment: Garment | null, kind: Backdrop, width = 540, height = 960, seed = 7): Promise<GarmentPhoto> {
  const g = garment ? GARMENTS[garment] : { ...GARMENTS.tee, outline: 'M0,0Z', folds: [], seams: [] };
  const bg = backdropSvg(kind, width, height, seed);
  const at = placement(width, height);
  const strokes = (paths: string[], attrs: string) => paths.map((d) => `<path d="${d}" fill="none" ${attrs}/>`).join('');
  const defs =
    `${bg.defs}<clipPath id="cut"><path d="${g.outline}"/></clipPath>` +
    `<pattern id="print" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(20)">${g.print}</pattern>` +
    '<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>' +
    '<radialGradient id="drop"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>';
  const cloth =
    (garment ? `<ellipse cx="108" cy="140" rx="112" ry="136" fill="url(#drop)"/>` : '') +
    `<g clip-path="url(#cut)"><path d="${g.outline}" fill="${g.fabric}"/><rect width="200" height="260" fill="url(#print)"/>` +
    strokes(g.folds, 'stroke="#000" stroke-opacity="0.28" stroke-width="7" stroke-linecap="round"') +
    strokes(g.folds, 'stroke="#fff" stroke-opacity="0.16" stroke-width="3" stroke-linecap="round" transform="translate(4,0)"') +
    strokes(g.seams, 'stroke="#f3e3c4" stroke-opacity="0.7" stroke-width="0.9" stroke-dasharray="2.2 1.6"') +
    `<rect width="200" height="260" fill="url(#shade)"/></g>`;
  const svg = (defsPart: string, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defsPart}</defs>${body}</svg>`;
  const photo = await sharp(Buffer.from(svg(defs, `${bg.body}<g transform="${at}">${cloth}</g>`))).removeAlpha().blur(0.6).raw().toBuffer();
  // Sensor noise, seeded: the same photo every time.
  const rng = createRng(seed * 31 + 1);
  for (let i = 0; i < photo.length; i += 1) photo[i] = Math.max(0, Math.min(255, (photo[i] as number) + Math.round((rng.next() - 0.5) * 14)));
  const jpeg = await sharp(photo, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const maskSvg = svg('', `<rect width="${width}" height="${height}" fill="#000"/><g transform="${at}"><path d="${g.outline}" fill="#fff"/></g>`);
  const mask = await sharp(Buffer.from(maskSvg)).extractChannel(0).raw().toBuffer();
  return { jpeg, mask: new Uint8Array(mask), width, height };
}

/** Intersection over union of two one-byte masks, each cut at 128. */
export function iou(a: Uint8Array, b: Uint8Array): number {
  let [both, either] = [0, 0];
  for (let i = 0; i < a.length; i += 1) {
    const [x, y] = [(a[i] as number) >= 128, (b[i] as number) >= 128];
    if (x && y) both += 1;
    if (x || y) either += 1;
  }
  return either ? both / either : 0;
}
