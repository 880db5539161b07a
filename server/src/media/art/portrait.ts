// A complete portrait picture (backdrop, figure, vignette) for a box, as SVG parts to compose.
import { backdrop, backdropDefs, sceneOf, vignette, type Box } from './backdrop.ts';
import { figureBody, figureDefs, type FigureSpec } from './figure.ts';
import { createRng, n } from './random.ts';
import { readTraits } from './traits.ts';

export interface SvgParts {
  defs: string;
  body: string;
}

export interface PortraitOptions {
  /** Head radius as a share of the box's smaller side (default about 0.2). */
  headScale?: number;
  /** Head centre height as a share of the box height (default about 0.4). */
  headY?: number;
  /** Head centre across, as a share of the width (default near the middle). */
  headX?: number;
}

export function portrait(id: string, box: Box, label: string, seed: number, options: PortraitOptions = {}): SvgParts {
  const rng = createRng(seed);
  const traits = readTraits(label, rng);
  const scene = sceneOf(label, rng);
  const light: -1 | 1 = rng.chance(0.5) ? -1 : 1;
  const portraitish = box.h >= box.w;
  const r = Math.min(box.w, box.h) * (options.headScale ?? (portraitish ? rng.range(0.2, 0.23) : rng.range(0.17, 0.2)));
  const spec: FigureSpec = {
    id,
    cx: box.w * (options.headX ?? 0.5 + traits.lean * 0.05),
    cy: box.h * (options.headY ?? (portraitish ? rng.range(0.36, 0.41) : 0.4)),
    r,
    bottom: box.h,
    traits,
    light,
  };
  const glow = `<ellipse cx="${n(spec.cx)}" cy="${n(spec.cy + r)}" rx="${n(r * 3.2)}" ry="${n(r * 3)}" fill="url(#${id}-s0)" opacity="0.45"/>`;
  return {
    defs: backdropDefs(id, traits.palette, box, rng) + figureDefs(spec),
    body: backdrop(id, traits.palette, box, scene, rng) + glow + figureBody(spec) + vignette(id, box),
  };
}

export function svgDocument(box: Box, parts: SvgParts): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${box.w}" height="${box.h}" viewBox="0 0 ${box.w} ${box.h}"><defs>${parts.defs}</defs>${parts.body}</svg>`;
}
