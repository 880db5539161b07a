// One SVG per site media entry, laid out by group: portraits for people, product motifs for
// articles and features, collages for the hero and the sign-in panel.
import type { SiteMediaEntry } from '../../../../contract/site-media.ts';
import { backdrop, backdropDefs, vignette, type Box } from './backdrop.ts';
import { figureBody, figureDefs } from './figure.ts';
import { motif, motifOf, tile, type Area } from './motifs.ts';
import { PALETTES } from './palette.ts';
import { portrait, svgDocument, type SvgParts } from './portrait.ts';
import { createRng, n } from './random.ts';
import { readTraits } from './traits.ts';

const join = (...parts: SvgParts[]): SvgParts => ({ defs: parts.map((p) => p.defs).join(''), body: parts.map((p) => p.body).join('') });

/** A wide picture: a scene backdrop, a motif on one side and a lit figure on the other. */
function wide(box: Box, label: string, seed: number): SvgParts {
  const rng = createRng(seed);
  const palette = rng.pick(PALETTES);
  const flip = rng.chance(0.5);
  const bg: SvgParts = { defs: backdropDefs('w', palette, box, rng), body: backdrop('w', palette, box, 'studio', rng) };
  const motifArea: Area = { x: box.w * (flip ? 0.44 : 0.07), y: box.h * 0.16, w: box.w * 0.48, h: box.h * 0.68 };
  const m = motif(motifOf(label), 'm', motifArea, label, seed, palette, rng);
  const traits = { ...readTraits(label, createRng(seed ^ 0x9e3779b9)), palette };
  const r = box.h * 0.17;
  const spec = { id: 'f', cx: box.w * (flip ? 0.22 : 0.78), cy: box.h * 0.42, r, bottom: box.h, traits, light: (flip ? 1 : -1) as -1 | 1 };
  const figure: SvgParts = { defs: figureDefs(spec), body: figureBody(spec) };
  return join(bg, figure, m, { defs: '', body: vignette('w', box) });
}

/** People at different depths (about, careers): the back row smaller and dimmer. */
function team(box: Box, label: string, seed: number): SvgParts {
  const rng = createRng(seed);
  const palette = rng.pick(PALETTES);
  const parts: SvgParts[] = [{ defs: backdropDefs('g', palette, box, rng), body: backdrop('g', palette, box, 'window', rng) }];
  if (/screen|storyboard/.test(label.toLowerCase())) {
    const screen: Area = { x: box.w * 0.18, y: box.h * 0.08, w: box.w * 0.64, h: box.h * 0.34 };
    parts.push({ defs: '', body: `<rect x="${n(screen.x)}" y="${n(screen.y)}" width="${n(screen.w)}" height="${n(screen.h)}" rx="${n(box.w * 0.01)}" fill="#05040a" opacity="0.85"/>` });
    for (let i = 0; i < 5; i += 1) {
      parts.push(tile(`s${i}`, { x: screen.x + screen.w * (0.03 + i * 0.194), y: screen.y + screen.h * 0.08, w: screen.w * 0.17, h: screen.h * 0.84 }, label, seed + i * 31, box.w * 0.006, 0.24));
    }
  }
  const people = [
    { x: 0.2, y: 0.6, s: 0.1, dim: 0.35 },
    { x: 0.8, y: 0.6, s: 0.1, dim: 0.35 },
    { x: 0.36, y: 0.62, s: 0.125, dim: 0.15 },
    { x: 0.64, y: 0.64, s: 0.13, dim: 0.12 },
    { x: 0.5, y: 0.68, s: 0.15, dim: 0 },
  ];
  people.forEach((p, i) => {
    const traits = { ...readTraits(i % 2 ? `${label} man` : label, createRng(seed + i * 101)), palette, tilt: rng.range(-5, 5) };
    const spec = { id: `p${i}`, cx: box.w * p.x, cy: box.h * p.y, r: box.h * p.s, bottom: box.h, traits, light: (p.x < 0.5 ? -1 : 1) as -1 | 1 };
    parts.push({ defs: figureDefs(spec), body: figureBody(spec) + (p.dim ? `<rect width="${box.w}" height="${box.h}" fill="${palette.base}" opacity="0"/>` : '') });
    if (p.dim) parts.push({ defs: '', body: `<rect x="0" y="0" width="${box.w}" height="${box.h}" fill="${palette.base}" opacity="${p.dim * 0.5}"/>` });
  });
  parts.push({ defs: '', body: vignette('g', box) });
  return join(...parts);
}

/** Varied looks for collage cards (words the trait reader knows). */
const COLLAGE_CAST = [
  'silver bob and chrome jacket',
  'emerald blouse and earrings',
  'bleached curls and skate tee',
  'platinum braid and cream knit',
  'high ponytail and neon top',
  'man with a beard in a linen shirt',
  'long waves and pastel blouse',
  'man with glasses and charcoal turtleneck',
  'auburn curls and denim jacket',
  'blonde pixie and blue shirt',
];

/** A grid of portrait cards over a glow (sign-in panel, home hero). */
function collage(box: Box, label: string, seed: number, cols: number, rows: number): SvgParts {
  const rng = createRng(seed);
  const palette = rng.pick(PALETTES);
  const parts: SvgParts[] = [{ defs: backdropDefs('c', palette, box, rng), body: backdrop('c', palette, box, 'studio', rng) }];
  const gap = Math.min(box.w, box.h) * 0.03;
  const cw = (box.w - gap * (cols + 1)) / cols;
  const ch = (box.h - gap * (rows + 1)) / rows;
  for (let i = 0; i < cols * rows; i += 1) {
    const col = i % cols;
    // Alternate columns shift up and down a little, like a masonry wall.
    const shift = (col % 2 ? 0.5 : -0.5) * gap * 2.5;
    const area: Area = { x: gap + col * (cw + gap), y: gap + Math.floor(i / cols) * (ch + gap) + shift, w: cw, h: ch };
    parts.push(tile(`c${i}`, area, `${label}, ${COLLAGE_CAST[i % COLLAGE_CAST.length]}`, seed + i * 2654435761, cw * 0.06, 0.22));
  }
  parts.push({ defs: '', body: vignette('c', box) });
  return join(...parts);
}

/** Face generation: three source faces flowing into one new face. */
function faceBlend(box: Box, label: string, seed: number): SvgParts {
  const main = portrait('f', box, label, seed, { headScale: 0.2, headY: 0.56 });
  const rng = createRng(seed);
  const r = box.w * 0.1;
  const parts: SvgParts[] = [main];
  [0.2, 0.5, 0.8].forEach((x, i) => {
    const area: Area = { x: box.w * x - r, y: box.h * 0.06, w: r * 2, h: r * 2 };
    const t = tile(`s${i}`, area, `source face ${i}`, seed + (i + 1) * 977, r, 0.26);
    parts.push(t);
    parts.push({
      defs: '',
      body: `<path d="M${n(box.w * x)},${n(area.y + r * 2)} C${n(box.w * x)},${n(box.h * 0.3)} ${n(box.w * 0.5)},${n(box.h * 0.26)} ${n(box.w * 0.5)},${n(box.h * 0.34)}" stroke="#f5d0fe" stroke-opacity="0.55" stroke-width="${n(box.w * 0.005)}" fill="none" stroke-dasharray="${n(box.w * 0.012)} ${n(box.w * 0.012)}"/>`,
    });
    void rng;
  });
  return join(...parts);
}

/** Cloth swap: the same character split diagonally, plain tee on one side, blazer on the other. */
function clothSwap(box: Box, label: string, seed: number): SvgParts {
  // Only the outfit differs: both labels name a colour the traits know, so every other trait matches.
  void label;
  const before = portrait('a', box, 'a woman in a cream tee', seed, { headScale: 0.2 });
  const after = portrait('b', box, 'a woman in a charcoal tailored blazer', seed, { headScale: 0.2 });
  const cut = `M${n(box.w * 0.62)},0 L${n(box.w)},0 L${n(box.w)},${box.h} L${n(box.w * 0.38)},${box.h} Z`;
  return {
    defs: before.defs + after.defs + `<clipPath id="half"><path d="${cut}"/></clipPath>`,
    body:
      before.body +
      `<g clip-path="url(#half)">${after.body.replace(/<use href="#b-fig"[^>]*\/>/, '')}</g>` +
      `<path d="M${n(box.w * 0.62)},0 L${n(box.w * 0.38)},${box.h}" stroke="#ffffff" stroke-width="${n(box.w * 0.006)}" opacity="0.9"/>` +
      swapKnob(box.w * 0.44, box.h * 0.75, box.w * 0.04),
  };
}

/** The round handle on the divider, with arrows pointing both ways. */
function swapKnob(x: number, y: number, r: number): string {
  const a = r * 0.38;
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffffff"/>` +
    `<path d="M${n(x - a * 0.3)},${n(y - a)} l${n(-a)},${n(a)} l${n(a)},${n(a)} M${n(x + a * 0.3)},${n(y - a)} l${n(a)},${n(a)} l${n(-a)},${n(a)}" stroke="#1e1433" stroke-width="${n(r * 0.16)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** Pose and scene: the character on a card, with two variations fanned out behind it. */
function poseCards(box: Box, label: string, seed: number): SvgParts {
  const rng = createRng(seed);
  const palette = rng.pick(PALETTES);
  const bg: SvgParts = { defs: backdropDefs('k', palette, box, rng), body: backdrop('k', palette, box, 'studio', rng) };
  const w = box.w * 0.56;
  const h = box.h * 0.62;
  const cards = [-1, 1, 0].map((side, i) => {
    const area: Area = { x: box.w / 2 - w / 2 + side * box.w * 0.16, y: box.h * 0.2 + (side ? box.h * 0.03 : 0), w, h };
    const t = tile(`k${i}`, area, label, seed + (side === 0 ? 0 : i * 131), w * 0.05, 0.2);
    return { defs: t.defs, body: `<g transform="rotate(${side * 8} ${n(area.x + w / 2)} ${n(area.y + h)})" opacity="${side ? 0.75 : 1}">${t.body}</g>` };
  });
  return join(bg, ...cards, { defs: '', body: vignette('k', box) });
}

/** AI music: a character with headphones over a glowing waveform. */
function music(box: Box, label: string, seed: number): SvgParts {
  const base = portrait('q', box, `${label} headphones`, seed, { headScale: 0.18, headY: 0.36 });
  const rng = createRng(seed);
  const palette = rng.pick(PALETTES);
  const wave = motif('waveform', 'w', { x: box.w * 0.06, y: box.h * 0.7, w: box.w * 0.88, h: box.h * 0.2 }, label, seed, palette, rng);
  return join(base, { defs: '', body: `<rect x="0" y="${n(box.h * 0.64)}" width="${box.w}" height="${n(box.h * 0.36)}" fill="#05040a" opacity="0.45"/>` }, wave);
}

function partsFor(entry: SiteMediaEntry, box: Box): SvgParts {
  const { group, path, label, seed } = entry;
  switch (group) {
    case 'home':
      return collage(box, label, seed, 5, 2);
    case 'auth':
      return collage(box, label, seed, 3, 3);
    case 'blog':
    case 'affiliate':
      return wide(box, label, seed);
    case 'about':
    case 'careers':
      return team(box, label, seed);
    case 'authors':
    case 'testimonials':
      return portrait('a', box, label, seed, { headScale: 0.24, headY: 0.42 });
    case 'features':
      if (path.startsWith('features/face')) return faceBlend(box, label, seed);
      if (path.startsWith('features/clothswap')) return clothSwap(box, label, seed);
      if (path.startsWith('features/music')) return music(box, label, seed);
      if (path.startsWith('features/image.')) return poseCards(box, label, seed);
      return portrait('p', box, label, seed);
    default:
      return portrait('p', box, label, seed);
  }
}

/**
 * The SVG for an entry at `scale` times its size (videos render their still larger, so a slow
 * zoom stays sharp). A video's poster is drawn from the video entry, so both show the same picture.
 */
export function siteMediaSvg(entry: SiteMediaEntry, scale = 1): string {
  const box = { w: entry.width, h: entry.height };
  const svg = svgDocument(box, partsFor(entry, box));
  if (scale === 1) return svg;
  return svg.replace(`width="${box.w}" height="${box.h}"`, `width="${Math.round(box.w * scale)}" height="${Math.round(box.h * scale)}"`);
}
