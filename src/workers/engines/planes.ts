// The arithmetic of the WebCodecs watermark, kept pure (no WebCodecs, no canvas) so unit tests
// can check it: the logo turned into Y'CbCr with its alpha, placed in the coded (unrotated)
// frame, blended into a frame's planes in place; the even size 4:2:0 needs; the constant frame
// rate's slots; the H.264 codec string for a size.

export type Rotation = 0 | 90 | 180 | 270;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An RGBA picture (unpremultiplied, as getImageData gives it). */
export interface Rgba {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/** A 4:2:0 frame's memory as VideoFrame.copyTo lays it out: I420 (three planes) or NV12 (Y, then CbCr interleaved). */
export interface PlaneLayout {
  offset: number;
  stride: number;
}

/** 4:2:0 needs even sizes: odd ones lose their last column or row (ffmpeg's filter does the same). */
export function evenSize(width: number, height: number): { width: number; height: number } {
  return { width: width & ~1, height: height & ~1 };
}

/** The size shown to people: the coded size turned by the track's rotation. */
export function displaySize(coded: { width: number; height: number }, rotation: Rotation) {
  return rotation % 180 === 0 ? { ...coded } : { width: coded.height, height: coded.width };
}

/**
 * The logo drawn for the displayed picture, turned back into the coded frame's orientation, and
 * where it goes there. The output keeps the input's rotation, so players turn both together and
 * the logo ends up where it was placed on the displayed picture. Clockwise, as MP4's matrix.
 */
export function toCoded(logo: Rgba, at: Rect, coded: { width: number; height: number }, rotation: Rotation): { logo: Rgba; at: Rect } {
  if (rotation === 0) return { logo, at };
  const { width: w, height: h, data } = logo;
  const turned = rotation % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
  const out = new Uint8ClampedArray(turned.width * turned.height * 4);
  // Display (i, j) of a frame turned clockwise by `rotation` comes from coded (x, y):
  //  90: x = j, y = H-1-i;  180: x = W-1-i, y = H-1-j;  270: x = W-1-j, y = i.
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let x: number, y: number;
      if (rotation === 90) [x, y] = [j, w - 1 - i];
      else if (rotation === 180) [x, y] = [w - 1 - i, h - 1 - j];
      else [x, y] = [h - 1 - j, i];
      out.set(data.subarray((j * w + i) * 4, (j * w + i) * 4 + 4), (y * turned.width + x) * 4);
    }
  }
  const { width: W, height: H } = coded;
  let rect: Rect;
  if (rotation === 90) rect = { x: at.y, y: H - at.x - at.width, width: at.height, height: at.width };
  else if (rotation === 180) rect = { x: W - at.x - at.width, y: H - at.y - at.height, width: at.width, height: at.height };
  else rect = { x: W - at.y - at.height, y: at.x, width: at.height, height: at.width };
  return { logo: { data: out, ...turned }, at: rect };
}

/** Luma and chroma weights of the frame's matrix (BT.601 unless the frame says otherwise). */
function weights(matrix: string | null | undefined): { kr: number; kb: number } {
  if (matrix === 'bt709') return { kr: 0.2126, kb: 0.0722 };
  if (matrix === 'bt2020-ncl') return { kr: 0.2627, kb: 0.0593 };
  return { kr: 0.299, kb: 0.114 };
}

/**
 * The logo ready to blend: per luma pixel its Y' and weight, per 2x2 block its Cb, Cr and
 * weight (weights out of 256: alpha times opacity). The rectangle is moved to even coordinates
 * and grown to even sizes (transparent) so chroma blocks line up with the frame's.
 */
export interface LogoPlanes {
  at: Rect;
  y: Uint8Array;
  yWeight: Uint16Array;
  cb: Uint8Array;
  cr: Uint8Array;
  cWeight: Uint16Array;
}

export function logoPlanes(
  logo: Rgba,
  at: Rect,
  opacity: number,
  colour: { matrix?: string | null; fullRange?: boolean | null },
): LogoPlanes {
  const x0 = at.x & ~1;
  const y0 = at.y & ~1;
  const width = (at.x - x0 + logo.width + 1) & ~1;
  const height = (at.y - y0 + logo.height + 1) & ~1;
  const dx = at.x - x0;
  const dy = at.y - y0;
  const { kr, kb } = weights(colour.matrix);
  const kg = 1 - kr - kb;
  const full = colour.fullRange === true;
  const [yScale, yOffset, cScale] = full ? [255, 0, 255] : [219, 16, 224];
  const y = new Uint8Array(width * height);
  const yWeight = new Uint16Array(width * height);
  const cw = width / 2;
  const ch = height / 2;
  const cb = new Uint8Array(cw * ch);
  const cr = new Uint8Array(cw * ch);
  const cWeight = new Uint16Array(cw * ch);
  // Chroma sums per block, weighted by alpha, so a half-covered block takes the logo's colour.
  const sumA = new Float64Array(cw * ch);
  const sumB = new Float64Array(cw * ch);
  const sumR = new Float64Array(cw * ch);
  for (let j = 0; j < logo.height; j++) {
    for (let i = 0; i < logo.width; i++) {
      const p = (j * logo.width + i) * 4;
      const [r, g, b] = [logo.data[p]! / 255, logo.data[p + 1]! / 255, logo.data[p + 2]! / 255];
      const alpha = (logo.data[p + 3]! / 255) * opacity;
      const luma = kr * r + kg * g + kb * b;
      const q = (j + dy) * width + (i + dx);
      y[q] = Math.round(yOffset + yScale * luma);
      yWeight[q] = Math.round(alpha * 256);
      const c = ((j + dy) >> 1) * cw + ((i + dx) >> 1);
      sumA[c]! += alpha;
      sumB[c]! += alpha * ((b - luma) / (2 * (1 - kb)));
      sumR[c]! += alpha * ((r - luma) / (2 * (1 - kr)));
    }
  }
  for (let c = 0; c < cw * ch; c++) {
    const a = sumA[c]!;
    cWeight[c] = Math.round((a / 4) * 256);
    cb[c] = a > 0 ? Math.round(128 + cScale * (sumB[c]! / a)) : 128;
    cr[c] = a > 0 ? Math.round(128 + cScale * (sumR[c]! / a)) : 128;
  }
  return { at: { x: x0, y: y0, width, height }, y, yWeight, cb, cr, cWeight };
}

/** The part of the logo inside a frame of that size (a logo never leaves it, but be safe). */
function clip(at: Rect, width: number, height: number) {
  const x1 = Math.max(0, at.x);
  const y1 = Math.max(0, at.y);
  const x2 = Math.min(width, at.x + at.width);
  const y2 = Math.min(height, at.y + at.height);
  return { x1, y1, x2, y2 };
}

/**
 * Blends the logo into a 4:2:0 frame held in `buffer` (I420: layout of Y, U, V; NV12: Y, UV),
 * in place. Only the logo's rectangle is touched.
 */
export function blend(
  buffer: Uint8Array,
  format: 'I420' | 'NV12',
  layout: readonly PlaneLayout[],
  size: { width: number; height: number },
  logo: LogoPlanes,
): void {
  const { at } = logo;
  const { x1, y1, x2, y2 } = clip(at, size.width, size.height);
  const yPlane = layout[0]!;
  for (let y = y1; y < y2; y++) {
    const row = yPlane.offset + y * yPlane.stride;
    const logoRow = (y - at.y) * at.width - at.x;
    for (let x = x1; x < x2; x++) {
      const w = logo.yWeight[logoRow + x]!;
      if (w === 0) continue;
      const v = buffer[row + x]!;
      buffer[row + x] = (v * (256 - w) + logo.y[logoRow + x]! * w + 128) >> 8;
    }
  }
  const cw = at.width / 2;
  const [cx1, cy1, cx2, cy2] = [x1 >> 1, y1 >> 1, x2 >> 1, y2 >> 1];
  const [ax, ay] = [at.x >> 1, at.y >> 1];
  const mix = (index: number, value: number, w: number) => {
    buffer[index] = (buffer[index]! * (256 - w) + value * w + 128) >> 8;
  };
  for (let y = cy1; y < cy2; y++) {
    const logoRow = (y - ay) * cw - ax;
    for (let x = cx1; x < cx2; x++) {
      const w = logo.cWeight[logoRow + x]!;
      if (w === 0) continue;
      if (format === 'I420') {
        mix(layout[1]!.offset + y * layout[1]!.stride + x, logo.cb[logoRow + x]!, w);
        mix(layout[2]!.offset + y * layout[2]!.stride + x, logo.cr[logoRow + x]!, w);
      } else {
        const base = layout[1]!.offset + y * layout[1]!.stride + x * 2;
        mix(base, logo.cb[logoRow + x]!, w);
        mix(base + 1, logo.cr[logoRow + x]!, w);
      }
    }
  }
}

/**
 * A constant frame rate from any input: output frame n (at `start + n / fps`) shows the last
 * input frame whose time, rounded to the nearest slot, is not after it (ffmpeg's fps filter).
 */
export class FrameSlots {
  readonly #step: number;
  #start: number | null = null;
  /** The next slot to fill. */
  next = 0;

  constructor(fps: number) {
    this.#step = 1_000_000 / fps;
  }

  /** The slot a timestamp (µs) rounds to; the first frame fixes where slot 0 is. */
  slotOf(timestamp: number): number {
    this.#start ??= Math.round(timestamp / this.#step) * this.#step;
    return Math.round((timestamp - this.#start) / this.#step);
  }

  /** The timestamp (µs) of a slot. */
  timeOf(slot: number): number {
    return Math.round((this.#start ?? 0) + slot * this.#step);
  }

  get step(): number {
    return this.#step;
  }
}

/**
 * The H.264 codec string for a size: Constrained Baseline (what every decoder and Chromium's
 * software encoder handle) at the lowest level whose frame size fits.
 */
export function avcCodec(width: number, height: number): string {
  const macroblocks = Math.ceil(width / 16) * Math.ceil(height / 16);
  // Level: max macroblocks per frame (H.264 Table A-1).
  const levels: Array<[number, number]> = [
    [0x15, 792], [0x1e, 1620], [0x1f, 3600], [0x20, 5120], [0x28, 8192], [0x2a, 8704], [0x32, 22080], [0x33, 36864],
  ];
  const level = levels.find(([, max]) => macroblocks <= max)?.[0] ?? 0x34;
  return `avc1.42e0${level.toString(16).padStart(2, '0')}`;
}
