// Hair in head units, in three layers: `back` (behind the head and shoulders), `locks` (falling in
// front of the shoulders, framing the face) and `front` (the cap over the skull, with its
// hairline). Shapes are point lists made smooth, so volume and parting are just numbers.
import { createRng } from '../../media/art/random.ts';
import type { FaceParams } from './face-params.ts';
import { f, mirror, smooth, symmetric, type Pt } from './shapes.ts';

export interface HairLayers {
  back: string;
  locks: string;
  front: string;
}

interface HairContext {
  p: FaceParams;
  /** Face half-width at the cheekbones. */
  rx: number;
  /** Volume factor around 1. */
  v: number;
  fill: string;
  id: string;
}

/** A fall of hair on the right side from the temple down to `end`, mirrored for the left. */
function locks(c: HairContext, end: number, spread: number, wave: number): string {
  const { rx, v } = c;
  const side: Pt[] = [[rx * 0.8, -0.5]];
  for (let i = 0; i <= 6; i += 1) {
    const t = i / 6;
    side.push([(rx + 0.13) * v + t * spread + wave * Math.sin(t * Math.PI * 3), -0.2 + t * (end + 0.2)]);
  }
  side.push([rx + spread * 0.5, end + 0.06]);
  for (let i = 5; i >= 1; i -= 1) {
    const t = i / 6;
    side.push([rx - 0.07 + t * spread * 0.55 + wave * 0.8 * Math.sin(t * Math.PI * 3 + 0.6), t * end]);
  }
  side.push([rx * 0.9, -0.05]);
  return `<path d="${smooth(side)} ${smooth(mirror(side))}" fill="${c.fill}"/>`;
}

/** The mass behind the head, down to `end`. */
function backMass(c: HairContext, end: number, spread: number, wave: number): Pt[] {
  const { rx, v } = c;
  const right: Pt[] = [[0, -1.2 - 0.06 * c.p.hairVolume], [0.7 * v, -1.06], [(rx + 0.24) * v, -0.55]];
  for (let i = 1; i <= 4; i += 1) {
    const t = i / 4;
    right.push([(rx + 0.26) * v + t * spread + wave * Math.sin(t * Math.PI * 2.5), -0.3 + t * (end + 0.3)]);
  }
  right.push([rx * 0.5, end + 0.04], [0, end - 0.05]);
  return symmetric(right);
}

/** The cap over the skull: an outer dome from ear to ear, back along a hairline. */
function cap(c: HairContext, outerGap: number, top: number, hairline: readonly Pt[]): Pt[] {
  const { rx, v } = c;
  const outer: Pt[] = [[-(rx + outerGap * 0.5), 0.02], [-(rx + outerGap) * v, -0.5], [-0.62 * v, top + 0.1], [0, top], [0.62 * v, top + 0.1], [(rx + outerGap) * v, -0.5], [rx + outerGap * 0.5, 0.02]];
  return [...outer, ...hairline];
}

/** Parted hair: the side away from the parting sweeps lower over the forehead. */
function partedHairline(c: HairContext): Pt[] {
  const { rx } = c;
  const sweep = (c.p.part - 0.5) * 2;
  const px = sweep * 0.28;
  const l = Math.max(0, sweep);
  const r = Math.max(0, -sweep);
  return [[rx * 0.93, -0.02], [rx * 0.84, -0.42 + 0.14 * r], [px + 0.26, -0.7 + 0.2 * r], [px, -0.8], [px - 0.26, -0.7 + 0.2 * l], [-rx * 0.84, -0.42 + 0.14 * l], [-rx * 0.93, -0.02]];
}

const pulledBack = (rx: number): Pt[] => [[rx * 0.93, -0.08], [rx * 0.72, -0.6], [0, -0.78], [-rx * 0.72, -0.6], [-rx * 0.93, -0.08]];
const cropped = (rx: number): Pt[] => [[rx * 0.96, 0.03], [rx * 0.88, -0.4], [rx * 0.55, -0.66], [0.08, -0.72], [-rx * 0.55, -0.66], [-rx * 0.88, -0.4], [-rx * 0.96, 0.03]];

/** Fine strands over a cap, lighter and darker, clipped to it, so flat fills read as hair. */
function strands(c: HairContext, shape: string, from: Pt): string {
  const rng = createRng(c.p.seed ^ 0x2545f491);
  const lines = (count: number) =>
    Array.from({ length: count }, () => {
      const side = rng.chance(0.5) ? 1 : -1;
      const reach = rng.range(0.2, 1);
      const end: Pt = [side * (c.rx + 0.15) * (0.45 + reach * 0.6), -0.85 + reach * 0.9];
      return `M${f(from[0] + rng.range(-0.04, 0.04))},${f(from[1])} Q${f(side * 0.6 * reach)},${f(-1.2 + rng.range(-0.06, 0.06))} ${f(end[0])},${f(end[1])}`;
    }).join(' ');
  return (
    `<clipPath id="${c.id}-capclip"><path d="${shape}"/></clipPath><g clip-path="url(#${c.id}-capclip)" fill="none" stroke-width="0.01" stroke-linecap="round">` +
    `<path d="${lines(10)}" stroke="#ffffff" stroke-opacity="0.09"/><path d="${lines(8)}" stroke="#000000" stroke-opacity="0.12"/></g>`
  );
}

/** Round curls along a list of points (the edge of a curly shape). */
const curlsAlong = (points: readonly Pt[], r: number, fill: string): string =>
  points.map(([x, y], i) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * (1 + (i % 3) * 0.12))}" fill="${fill}"/>`).join('');

function withStrands(c: HairContext, shape: Pt[], from: Pt, opacity = 1): string {
  const d = smooth(shape);
  return `<path d="${d}" fill="${c.fill}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>${strands(c, d, from)}`;
}

export function hairLayers(p: FaceParams, rx: number, id: string): HairLayers {
  const c: HairContext = { p, rx, v: 1 + 0.15 * (p.hairVolume - 0.5), fill: `url(#${id}-hair)`, id };
  const top = -1.13 - 0.06 * p.hairVolume;
  const partAt: Pt = [(p.part - 0.5) * 0.56, -0.8];
  const tight = cap(c, 0.05, -1.08, pulledBack(rx));
  switch (p.hair) {
    case 'long':
    case 'wavy': {
      const wave = p.hair === 'wavy' ? 0.07 : 0;
      return {
        back: `<path d="${smooth(backMass(c, 2.45, 0.16, wave))}" fill="${c.fill}"/>`,
        locks: locks(c, 2.45, 0.3, wave),
        front: withStrands(c, cap(c, 0.14, top, partedHairline(c)), partAt),
      };
    }
    case 'bob':
      return {
        back: `<path d="${smooth(backMass(c, 0.82, 0.06, 0))}" fill="${c.fill}"/>`,
        locks: locks(c, 0.86, 0.08, 0),
        front: withStrands(c, cap(c, 0.14, top, [[rx * 0.95, -0.15], [rx * 0.62, -0.4], [0, -0.38], [-rx * 0.62, -0.4], [-rx * 0.95, -0.15]]), [0, -1]),
      };
    case 'curls': {
      const end = p.gender === 'male' ? 0.1 : 1.15;
      const mass = backMass(c, end, 0.2, 0);
      const outline = mass.filter(([, y]) => y < end - 0.1);
      const hairline = cropped(rx).map(([x, y]) => [x * 0.98, y + 0.02] as Pt);
      return {
        back: `<path d="${smooth(mass)}" fill="${c.fill}"/>${curlsAlong(outline, 0.2, c.fill)}`,
        locks: '',
        front: `<path d="${smooth(cap(c, 0.16, top - 0.04, hairline))}" fill="${c.fill}"/>${curlsAlong(hairline.slice(1, -1), 0.11, c.fill)}`,
      };
    }
    case 'ponytail': {
      const tail: Pt[] = [[0.3, -0.95], [rx + 0.32, -0.55], [rx + 0.45, 0.4], [rx + 0.36, 1.45], [rx + 0.12, 1.05], [rx * 0.95, 0.25]];
      return { back: `<path d="${smooth(p.light > 0 ? mirror(tail) : tail)}" fill="${c.fill}"/>`, locks: '', front: withStrands(c, tight, [0, -0.78]) };
    }
    case 'bun':
      return { back: `<circle cx="0.05" cy="-1.22" r="0.4" fill="${c.fill}"/>`, locks: '', front: withStrands(c, tight, [0, -0.78]) };
    case 'braid': {
      const links = Array.from({ length: 8 }, (_, i) => {
        const t = i / 7;
        return `<ellipse cx="${f(rx * 0.9 + t * 0.3)}" cy="${f(0.35 + t * 2.0)}" rx="0.17" ry="0.2" transform="rotate(${i % 2 ? 24 : -24} ${f(rx * 0.9 + t * 0.3)} ${f(0.35 + t * 2.0)})" fill="${c.fill}"/>`;
      }).join('');
      return { back: `<path d="${smooth(backMass(c, 0.5, 0.02, 0))}" fill="${c.fill}"/>`, locks: links, front: withStrands(c, tight, [0, -0.78]) };
    }
    case 'pixie':
      return { back: '', locks: '', front: withStrands(c, cap(c, 0.08, -1.1, [[rx * 0.9, -0.08], [rx * 0.8, -0.5], [0.2, -0.72], [-0.2, -0.5], [-rx * 0.7, -0.3], [-rx * 0.93, -0.08]]), [0.25, -0.85]) };
    case 'buzz':
      return { back: '', locks: '', front: `<path d="${smooth(cap(c, 0.02, -1.04, cropped(rx)))}" fill="${c.fill}" opacity="0.82"/>` };
    case 'quiff': {
      const shape: Pt[] = [[-(rx + 0.03), 0.02], [-(rx + 0.08), -0.55], [-0.55, -1.12], [-0.1, -1.3], [0.35, -1.38], [0.72, -1.18], [rx + 0.08, -0.55], [rx + 0.03, 0.02], ...cropped(rx)];
      return { back: '', locks: '', front: withStrands(c, p.part < 0.5 ? mirror(shape) : shape, [0.1, -0.72]) };
    }
    case 'bald':
      return {
        back: '',
        locks: '',
        front: p.age > 0.45 ? [-1, 1].map((s) => `<ellipse cx="${f(s * (rx + 0.01))}" cy="-0.2" rx="0.07" ry="0.24" fill="${c.fill}" opacity="0.75"/>`).join('') : '',
      };
    default:
      return { back: '', locks: '', front: withStrands(c, cap(c, 0.08, top, cropped(rx)), partAt) };
  }
}
