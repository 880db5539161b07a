// SVG path helpers for drawing in head units (the head's half-height is 1; y grows downward).

export type Pt = readonly [number, number];

/** Rounds for SVG drawn in head units (one unit is many pixels, so 0.1 would be too coarse). */
export const f = (v: number): string => (Math.round(v * 1000) / 1000).toString();

const pt = ([x, y]: Pt): string => `${f(x)},${f(y)}`;

/** A smooth closed path through the points (Catmull-Rom turned into cubic Béziers). */
export function smooth(points: readonly Pt[]): string {
  const k = points.length;
  const at = (i: number) => points[((i % k) + k) % k] as Pt;
  let d = `M${pt(at(0))}`;
  for (let i = 0; i < k; i += 1) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return `${d}Z`;
}

export const mirror = (points: readonly Pt[]): Pt[] => points.map(([x, y]) => [-x, y] as const);

/**
 * A left-right symmetric outline from its right half, listed top to bottom, whose first and
 * last points sit on the axis (x = 0).
 */
export const symmetric = (right: readonly Pt[]): Pt[] => [...right, ...mirror(right.slice(1, -1)).reverse()];

/** A path element (fill given as an attribute string). */
export const path = (d: string, attrs: string): string => `<path d="${d}" ${attrs}/>`;
