// One frame of the talking character: the still face with its mouth opened and widened, its eyes
// blinking and its head moving a little, drawn by backward mapping (each output pixel samples the
// still, bilinear) into raw RGB. The places come from face-api's 68 landmarks (jaw 0-16, eyes
// 36-47, mouth 48-67), or from a guessed face box when no face is found.
import type { FaceBox } from '../types.ts';
import type { RawPicture } from './images.ts';
import { smoothstep } from './images.ts';

type Pt = readonly [number, number];

/** What the warps need to know about the face, in the still's pixels. */
export interface FaceGeometry {
  /** The lip line's middle (between the inner lips). */
  mouth: Pt;
  /** Corner to corner. */
  mouthWidth: number;
  /** The upper lip's height above the lip line. */
  upperLip: number;
  chinY: number;
  /** Half the jaw's width at the mouth. */
  jawHalf: number;
  eyes: readonly { centre: Pt; width: number; height: number }[];
}

const mean = (pts: readonly Pt[]): Pt => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);

export function geometryOfLandmarks(points: readonly Pt[]): FaceGeometry {
  const p = (i: number) => points[i]!;
  const mouth = mean([p(61), p(62), p(63), p(65), p(66), p(67)]);
  const mouthWidth = dist(p(48), p(54));
  const eye = (from: number) => {
    const pts = points.slice(from, from + 6);
    const width = dist(pts[0]!, pts[3]!);
    const ys = pts.map((q) => q[1]);
    return { centre: mean(pts), width, height: Math.max(Math.max(...ys) - Math.min(...ys), width * 0.3) };
  };
  return {
    mouth,
    mouthWidth,
    upperLip: Math.max(mouth[1] - p(51)[1], mouthWidth * 0.12),
    chinY: Math.max(p(8)[1], mouth[1] + mouthWidth * 0.5),
    jawHalf: Math.max(dist(p(4), p(12)) / 2, mouthWidth * 0.8),
    eyes: [eye(36), eye(42)],
  };
}

/** A typical face's proportions inside a (guessed) face box. */
export function geometryOfBox(box: FaceBox): FaceGeometry {
  const { x, y, w, h } = box;
  const eye = (cx: number) => ({ centre: [x + cx * w, y + 0.4 * h] as Pt, width: 0.2 * w, height: 0.07 * w });
  return { mouth: [x + 0.5 * w, y + 0.8 * h], mouthWidth: 0.36 * w, upperLip: 0.06 * h, chinY: y + 1.02 * h, jawHalf: 0.42 * w, eyes: [eye(0.31), eye(0.69)] };
}

/** The face's pose in one frame. */
export interface FramePose {
  open: number;
  width: number;
  /** 0 open eyes .. 1 closed. */
  blink: number;
  /** Head roll (radians), shift (pixels) about the chin. */
  angle: number;
  dx: number;
  dy: number;
}

/** A little larger than the frame, so the head's motion never shows an edge. */
const ZOOM = 1.04;
const INSIDE = [36, 16, 22] as const;
const TEETH = [226, 220, 210] as const;

/** Draws one frame into `out` (RGB, width x height of `out`'s size). */
export function drawFrame(still: RawPicture, g: FaceGeometry, pose: FramePose, out: Buffer, width: number, height: number): void {
  const src = still.data;
  const sw = still.width;
  const [mx, my] = g.mouth;
  const gap = pose.open * 0.42 * g.mouthWidth;
  const up = 0.18 * gap;
  const down = gap - up;
  const spread = 1 + 0.14 * pose.width * Math.min(1, pose.open * 3);
  // The mouth's inside: an ellipse between the lips as they part.
  const innerRx = (g.mouthWidth / 2) * 0.78 * spread;
  const innerCy = my + (down - up) / 2;
  const innerRy = gap / 2;
  const pivotX = mx;
  const pivotY = g.chinY;
  const cos = Math.cos(-pose.angle) / ZOOM;
  const sin = Math.sin(-pose.angle) / ZOOM;
  // Where the local warps act (in the still): the lower face and the eyes; elsewhere only the head moves.
  const mouthTop = my - g.upperLip * 2.5;
  const mouthBottom = g.chinY + g.jawHalf;
  const mouthLeft = mx - g.jawHalf * 1.1;
  const mouthRight = mx + g.jawHalf * 1.1;
  let o = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Undo the head's motion: the still's point under this pixel.
      const rx = x - pivotX - pose.dx;
      const ry = y - pivotY - pose.dy;
      let sx = pivotX + rx * cos - ry * sin;
      let sy = pivotY + rx * sin + ry * cos;
      let inside = 0;
      let teeth = 0;
      if (gap > 0.3 || pose.width !== 0 ? sy > mouthTop && sy < mouthBottom && sx > mouthLeft && sx < mouthRight : false) {
        const ax = Math.abs(sx - mx);
        const jaw = 1 - smoothstep(0.55 * g.jawHalf, 1.05 * g.jawHalf, ax);
        // The lips widen or round near the lip line.
        const nearLips = Math.exp(-(((sy - my) / (g.upperLip * 2.2)) ** 2)) * (1 - smoothstep(0.5 * g.mouthWidth, 0.9 * g.mouthWidth, ax));
        const e = ((sx - mx) / innerRx) ** 2 + ((sy - innerCy) / Math.max(innerRy, 0.01)) ** 2;
        if (gap > 0.3 && e < 1) {
          inside = smoothstep(1, 0.7, e);
          teeth = smoothstep(innerCy - innerRy * 0.45, innerCy - innerRy * 0.75, sy) * smoothstep(0.25, 0.5, pose.open);
        }
        // Only the lips part at the lip line (no seam beside the mouth); lower down the whole jaw moves.
        const lips = 1 - smoothstep(innerRx * 0.9, innerRx * 1.7, ax);
        if (sy >= my) {
          // The jaw drops: from the lip line to the chin by `down`, the neck less and less.
          const whole = smoothstep(my, my + 2 * g.upperLip + down, sy);
          sy -= down * (lips + (jaw - lips) * whole) * (1 - smoothstep(g.chinY, g.chinY + g.jawHalf, sy));
        } else {
          // The upper lip lifts a little.
          sy += up * lips * smoothstep(my - g.upperLip * 2.5, my, sy);
        }
        sx = mx + (sx - mx) / (1 + (spread - 1) * nearLips);
      }
      if (pose.blink > 0) {
        for (const eye of g.eyes) {
          const [ex, ey] = eye.centre;
          const ax = Math.abs(sx - ex);
          if (ax > eye.width || sy < ey - eye.height * 3 || sy > ey + eye.height) continue;
          // The upper lid comes down: the eye shows the skin above it.
          const wx = 1 - smoothstep(0.45 * eye.width, 0.9 * eye.width, ax);
          const wy = sy < ey ? smoothstep(ey - eye.height * 3, ey - eye.height * 0.5, sy) : 1 - smoothstep(ey + eye.height * 0.2, ey + eye.height, sy);
          sy -= pose.blink * eye.height * 1.1 * wx * wy;
        }
      }
      // Bilinear sample, clamped to the still.
      const cx = Math.min(sw - 1.001, Math.max(0, sx));
      const cy = Math.min(still.height - 1.001, Math.max(0, sy));
      const x0 = cx | 0;
      const y0 = cy | 0;
      const fx = cx - x0;
      const fy = cy - y0;
      const i00 = (y0 * sw + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + sw * 4;
      const i11 = i01 + 4;
      for (let c = 0; c < 3; c += 1) {
        const top = src[i00 + c]! + (src[i10 + c]! - src[i00 + c]!) * fx;
        const bottom = src[i01 + c]! + (src[i11 + c]! - src[i01 + c]!) * fx;
        let v = top + (bottom - top) * fy;
        if (inside > 0) v += ((INSIDE[c]! + (TEETH[c]! - INSIDE[c]!) * teeth) - v) * inside;
        out[o + c] = v;
      }
      o += 3;
    }
  }
}
