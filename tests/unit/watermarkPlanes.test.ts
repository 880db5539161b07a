// @vitest-environment node
// The WebCodecs watermark's arithmetic (src/workers/engines/planes.ts): colours against the
// standard Y'CbCr values, blending in I420 and NV12 alike, the logo turned for rotated clips
// (checked against a plain quarter-turn applied 1-3 times), constant-rate slots, codec levels.
import { describe, expect, it } from 'vitest';
import {
  avcCodec,
  blend,
  displaySize,
  evenSize,
  FrameSlots,
  logoPlanes,
  toCoded,
  type Rect,
  type Rgba,
  type Rotation,
} from '../../src/workers/engines/planes';

function solid(width: number, height: number, [r, g, b, a]: number[]): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([r!, g!, b!, a!], i * 4);
  return { data, width, height };
}

/** An I420 frame of one colour; its layout as VideoFrame.copyTo reports it. */
function i420(width: number, height: number, [y, u, v]: number[]) {
  const buffer = new Uint8Array(width * height * 1.5);
  buffer.fill(y!, 0, width * height);
  buffer.fill(u!, width * height, width * height * 1.25);
  buffer.fill(v!, width * height * 1.25);
  const layout = [
    { offset: 0, stride: width },
    { offset: width * height, stride: width / 2 },
    { offset: width * height * 1.25, stride: width / 2 },
  ];
  return { buffer, layout };
}

function toNv12(width: number, height: number, buffer: Uint8Array) {
  const out = new Uint8Array(buffer.length);
  out.set(buffer.subarray(0, width * height));
  const quarter = (width * height) / 4;
  for (let i = 0; i < quarter; i++) {
    out[width * height + i * 2] = buffer[width * height + i]!;
    out[width * height + i * 2 + 1] = buffer[width * height + quarter + i]!;
  }
  return { buffer: out, layout: [{ offset: 0, stride: width }, { offset: width * height, stride: width }] };
}

describe('the logo in Y\'CbCr', () => {
  it.each([
    ['bt709', [255, 0, 0], [63, 102, 240]],
    ['smpte170m', [255, 0, 0], [81, 90, 240]],
    [null, [0, 0, 255], [41, 240, 110]],
    ['smpte170m', [255, 255, 255], [235, 128, 128]],
  ] as const)('%s: RGB %j is Y\'CbCr %j (limited range)', (matrix, rgb, expected) => {
    const planes = logoPlanes(solid(2, 2, [...rgb, 255]), { x: 0, y: 0, width: 2, height: 2 }, 1, { matrix });
    expect([planes.y[0], planes.cb[0], planes.cr[0]]).toEqual(expected);
    expect([planes.yWeight[0], planes.cWeight[0]]).toEqual([256, 256]);
  });

  it('full range white is 255; opacity scales the weights; a transparent pixel weighs nothing', () => {
    const logo = solid(2, 2, [255, 255, 255, 255]);
    logo.data[3] = 0; // the first pixel is transparent
    const planes = logoPlanes(logo, { x: 0, y: 0, width: 2, height: 2 }, 0.8, { matrix: 'bt709', fullRange: true });
    expect(planes.y[1]).toBe(255);
    expect([planes.yWeight[0], planes.yWeight[1]]).toEqual([0, Math.round(0.8 * 256)]);
    // The chroma block is three quarters covered.
    expect(planes.cWeight[0]).toBe(Math.round(0.75 * 0.8 * 256));
  });

  it('an odd position and size are grown to even ones, with transparent edges', () => {
    const planes = logoPlanes(solid(3, 3, [255, 255, 255, 255]), { x: 5, y: 3, width: 3, height: 3 }, 1, {});
    expect(planes.at).toEqual({ x: 4, y: 2, width: 4, height: 4 });
    // Column 0 and row 0 of the grown rectangle are the padding.
    expect(Array.from(planes.yWeight.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    expect(Array.from(planes.yWeight.subarray(4, 8))).toEqual([0, 256, 256, 256]);
  });
});

describe('blending into a frame', () => {
  const W = 16;
  const H = 8;
  const at: Rect = { x: 4, y: 2, width: 4, height: 4 };
  const planes = logoPlanes(solid(4, 4, [255, 255, 255, 255]), at, 0.5, {});

  it('I420: only the logo\'s pixels change, halfway to white at 50%', () => {
    const { buffer, layout } = i420(W, H, [100, 60, 200]);
    blend(buffer, 'I420', layout, { width: W, height: H }, planes);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const inside = x >= 4 && x < 8 && y >= 2 && y < 6;
        expect(buffer[y * W + x]).toBe(inside ? Math.round((100 + 235) / 2) : 100);
      }
    }
    const u = (x: number, y: number) => buffer[layout[1]!.offset + y * (W / 2) + x];
    const v = (x: number, y: number) => buffer[layout[2]!.offset + y * (W / 2) + x];
    expect([u(2, 1), v(2, 1)]).toEqual([94, 164]);
    expect([u(0, 0), v(0, 0), u(4, 3), v(4, 3)]).toEqual([60, 200, 60, 200]);
  });

  it('NV12 gives the same picture as I420', () => {
    const a = i420(W, H, [90, 70, 180]);
    const b = toNv12(W, H, a.buffer.slice());
    blend(a.buffer, 'I420', a.layout, { width: W, height: H }, planes);
    blend(b.buffer, 'NV12', b.layout, { width: W, height: H }, planes);
    expect(toNv12(W, H, a.buffer).buffer).toEqual(b.buffer);
  });
});

describe('rotated clips', () => {
  /** Turns an RGBA picture a quarter clockwise. */
  function quarter(picture: Rgba): Rgba {
    const { width: w, height: h, data } = picture;
    const out = new Uint8ClampedArray(data.length);
    // The turned picture is h wide: its (i, j) is the original's (j, h-1-i).
    for (let j = 0; j < w; j++) {
      for (let i = 0; i < h; i++) out.set(data.subarray(((h - 1 - i) * w + j) * 4, ((h - 1 - i) * w + j) * 4 + 4), (j * h + i) * 4);
    }
    return { data: out, width: h, height: w };
  }
  function paste(frame: Rgba, logo: Rgba, at: Rect): Rgba {
    const data = new Uint8ClampedArray(frame.data);
    for (let j = 0; j < logo.height; j++) {
      for (let i = 0; i < logo.width; i++) {
        data.set(logo.data.subarray((j * logo.width + i) * 4, (j * logo.width + i) * 4 + 4), ((at.y + j) * frame.width + at.x + i) * 4);
      }
    }
    return { ...frame, data };
  }

  it.each<Rotation>([0, 90, 180, 270])('%i°: the logo placed on the coded frame lands where it was placed on the picture shown', (rotation) => {
    const coded = { width: 12, height: 8 };
    const shown = displaySize(coded, rotation);
    // A logo with no symmetry: each pixel its own colour.
    const logo = solid(3, 2, [0, 0, 0, 255]);
    for (let p = 0; p < 6; p++) logo.data[p * 4] = 10 + p * 40;
    const at = { x: 1, y: shown.height - 2 - 1, width: 3, height: 2 };
    const expected = paste(solid(shown.width, shown.height, [0, 0, 0, 0]), logo, at);
    const inCoded = toCoded(logo, at, coded, rotation);
    let picture = paste(solid(coded.width, coded.height, [0, 0, 0, 0]), inCoded.logo, inCoded.at);
    for (let turn = 0; turn < rotation / 90; turn++) picture = quarter(picture);
    expect([picture.width, picture.height]).toEqual([shown.width, shown.height]);
    expect(picture.data).toEqual(expected.data);
  });

  it('odd sizes lose their last column and row', () => {
    expect(evenSize(641, 361)).toEqual({ width: 640, height: 360 });
    expect(evenSize(640, 360)).toEqual({ width: 640, height: 360 });
  });
});

describe('a constant 25 fps', () => {
  it('30 fps frames map to the nearest 40 ms slot; the first frame sets slot 0', () => {
    const slots = new FrameSlots(25);
    const frames = Array.from({ length: 7 }, (_, n) => Math.round((n * 1e6) / 30));
    expect(frames.map((t) => slots.slotOf(t))).toEqual([0, 1, 2, 3, 3, 4, 5]);
    expect(slots.timeOf(3)).toBe(120_000);
  });

  it('a clip starting late keeps its start on the grid', () => {
    const slots = new FrameSlots(25);
    expect(slots.slotOf(1_010_000)).toBe(0);
    expect(slots.timeOf(0)).toBe(1_000_000);
    expect(slots.slotOf(1_050_000)).toBe(1);
  });
});

describe('the H.264 codec string', () => {
  it.each([
    [640, 360, 'avc1.42e01e'],
    [1280, 720, 'avc1.42e01f'],
    [1080, 1920, 'avc1.42e028'],
    [2560, 1440, 'avc1.42e032'],
    [3840, 2160, 'avc1.42e033'],
    [7680, 4320, 'avc1.42e034'],
  ])('%ix%i: %s', (width, height, codec) => {
    expect(avcCodec(width, height)).toBe(codec);
  });
});
