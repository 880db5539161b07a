// The garment cut-out without a model, kept for when the model cannot load: the background is
// estimated from the picture's border and what differs from it is kept.
import { smoothstep, type RawPicture } from './images.ts';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The pixels (indices) of the picture's outer ring, 1% of its smaller side thick. */
export function borderOf(w: number, h: number): number[] {
  const ring = Math.max(1, Math.round(Math.min(w, h) * 0.01));
  const border: number[] = [];
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) if (x < ring || y < ring || x >= w - ring || y >= h - ring) border.push(y * w + x);
  }
  return border;
}

/**
 * Alpha from the background: the border's median colour is the background; pixels joined to the
 * border through colours near it are background too, fading out over a soft threshold.
 */
export function backgroundAlpha(pic: RawPicture): Uint8Array {
  const { data, width: w, height: h } = pic;
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = data[i * 4 + 3] as number;
  const border = borderOf(w, h);
  const opaque = border.filter((i) => (alpha[i] as number) >= 32);
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
