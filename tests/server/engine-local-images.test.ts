// The local engine's picture capabilities on real files: face, image, swapImage, clothSwap. Every
// fixture picture is made here with sharp; outputs are checked by their pixels.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clothSwap } from '../../server/src/engines/local/cloth-swap.ts';
import { cutOut } from '../../server/src/engines/local/garment-cutout.ts';
import { faceDetector } from '../../server/src/engines/local/face-detect.ts';
import { face } from '../../server/src/engines/local/face.ts';
import { image, poseOf } from '../../server/src/engines/local/image.ts';
import { readNotes } from '../../server/src/engines/local/images.ts';
import { guessFaceBox, swapImage } from '../../server/src/engines/local/swap-image.ts';
import { EngineInputError, type EngineContext, type EngineFile, type FaceBox } from '../../server/src/engines/types.ts';
import { contextMaker } from './support/engine.ts';

let root: string;
/** A fresh work folder per call, and the progress it reported. */
const context = contextMaker(() => root);

async function pixels(file: string) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The bounds of the pixels that differ (by more than `min` in some channel) between two same-sized pictures. */
async function changed(a: string, b: string, min = 8): Promise<FaceBox & { count: number }> {
  const [pa, pb] = [await pixels(a), await pixels(b)];
  expect([pa.width, pa.height]).toEqual([pb.width, pb.height]);
  let [x0, y0, x1, y1, count] = [Infinity, Infinity, -1, -1, 0];
  for (let i = 0; i < pa.data.length; i += 3) {
    const d = Math.max(...[0, 1, 2].map((c) => Math.abs((pa.data[i + c] as number) - (pb.data[i + c] as number))));
    if (d <= min) continue;
    const p = i / 3;
    const [x, y] = [p % pa.width, Math.floor(p / pa.width)];
    [x0, y0, x1, y1, count] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y), count + 1];
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, count };
}

/** A real PNG of the expected size, with light and shade, written in the context's folder. */
async function expectPicture(file: EngineFile, ctx: EngineContext, width: number, height: number): Promise<void> {
  expect(dirname(file.path)).toBe(ctx.workDir);
  expect(file.mime).toBe('image/png');
  const meta = await sharp(file.path).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
  const { channels } = await sharp(file.path).stats();
  expect(channels[0]!.stdev).toBeGreaterThan(10);
}

function expectProgress(ctx: { seen: number[] }): void {
  expect(ctx.seen.length).toBeGreaterThanOrEqual(3);
  expect(ctx.seen).toEqual([...ctx.seen].sort((a, b) => a - b));
  expect(Math.max(...ctx.seen)).toBeGreaterThanOrEqual(90);
}

const same = async (a: EngineFile, b: EngineFile) => (await readFile(a.path)).equals(await readFile(b.path));

const fixture = (name: string) => join(root, name);

/** Pictures from elsewhere: a portrait with no notes, a scene, a person, garments, a blank. */
async function makeFixtures(): Promise<void> {
  const portrait = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a4a6a"/><stop offset="1" stop-color="#101522"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><ellipse cx="300" cy="255" rx="105" ry="130" fill="#d9a17f"/><circle cx="262" cy="245" r="10" fill="#222"/><circle cx="338" cy="245" r="10" fill="#222"/><path d="M265,320 Q300,340 335,320" stroke="#8a3b3b" stroke-width="8" fill="none"/></svg>`;
  await sharp(Buffer.from(portrait)).jpeg({ quality: 90 }).toFile(fixture('portrait.jpg'));
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2d9"/><stop offset="1" stop-color="#2c3e50"/></linearGradient></defs><rect width="640" height="800" fill="url(#g)"/><ellipse cx="320" cy="200" rx="80" ry="100" fill="#e0b090"/><rect x="200" y="320" width="240" height="480" fill="#8e44ad"/><rect x="0" y="700" width="640" height="100" fill="#27ae60"/></svg>`;
  await sharp(Buffer.from(scene)).png().toFile(fixture('scene.png'));
  await sharp(Buffer.from(scene)).jpeg({ quality: 90 }).toFile(fixture('scene.jpg'));
  const person = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#5b4a6e"/><circle cx="300" cy="150" r="70" fill="#d9a17f"/><rect x="190" y="240" width="220" height="600" rx="60" fill="#2e2a36"/></svg>`;
  await sharp(Buffer.from(person)).png().toFile(fixture('person.png'));
  const tee = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500" fill="#f4f4f2"/><path d="M160,60 L215,45 Q250,80 285,45 L340,60 L450,140 L405,205 L360,170 L360,450 L140,450 L140,170 L95,205 L50,140Z" fill="#c0303a"/></svg>`;
  await sharp(Buffer.from(tee)).jpeg({ quality: 90 }).toFile(fixture('tee.jpg'));
  const skirt = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><path d="M120,40 L280,40 L360,360 L40,360Z" fill="#1f6f8b"/></svg>`;
  await sharp(Buffer.from(skirt)).png().toFile(fixture('skirt.png'));
  await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fafafa' } }).jpeg().toFile(fixture('blank.jpg'));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ps-engine-images-'));
  await makeFixtures();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('face', () => {
  it('draws a 768x768 portrait PNG from three celebrity names, in any order, and describes it', async () => {
    const ctx = context();
    const one = await face({ gender: 'female', celebrities: ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr'] }, ctx);
    await expectPicture(one, ctx, 768, 768);
    expectProgress(ctx);
    expect(one.facePrompt).toMatch(/^(young |middle-aged |older )?woman, .+ skin, .+ eyes/);

    // Normalised names: case, spaces and order do not matter.
    const again = await face({ gender: 'female', celebrities: ['  hedy   LAMARR', 'Ada Lovelace', 'grace hopper '] }, context());
    expect(await same(one, again)).toBe(true);
    expect(again.facePrompt).toBe(one.facePrompt);

    const other = await face({ gender: 'female', celebrities: ['Ada Lovelace', 'Grace Hopper', 'Marie Curie'] }, context());
    expect(await same(one, other)).toBe(false);
    const { count } = await changed(one.path, other.path, 24);
    expect(count).toBeGreaterThan(768 * 768 * 0.05);
  });

  it('reads colour, hair, age and style words from a prompt', async () => {
    const ctx = context();
    const woman = await face({ gender: 'female', prompt: 'Woman with long auburn hair, warm brown skin and green eyes' }, ctx);
    await expectPicture(woman, ctx, 768, 768);
    expect(woman.facePrompt).toContain('long auburn hair, warm brown skin, green eyes');

    const man = await face({ gender: 'male', prompt: '45 year old man, full beard, short black hair, glasses' }, context());
    expect(man.facePrompt).toMatch(/^middle-aged man, short black hair, .+ skin, .+ eyes, full beard, glasses(, freckles)?$/);

    const repeat = await face({ gender: 'female', prompt: 'woman with long auburn hair, warm brown skin and green eyes ' }, context());
    expect(await same(woman, repeat)).toBe(true);
    // The same words for a man give a man's face.
    const asMan = await face({ gender: 'male', prompt: 'woman with long auburn hair, warm brown skin and green eyes' }, context());
    expect(await same(woman, asMan)).toBe(false);
  });
});

describe('image', () => {
  it('frames the face by the pose modifier, in a 768x1024 scene, deterministically', async () => {
    const ours = await face({ gender: 'female', prompt: 'platinum bob, blue eyes' }, context());
    const poses = ['upper body 1', 'upper body 2', 'full body'];
    const files: EngineFile[] = [];
    const widths: number[] = [];
    for (const pose of poses) {
      const ctx = context();
      const file = await image({ gender: 'female', facePath: ours.path, prompt: `at the beach at sunset, red dress, ${pose}, woman, platinum bob` }, ctx);
      await expectPicture(file, ctx, 768, 1024);
      expectProgress(ctx);
      const notes = await readNotes(file.path);
      expect(notes?.kind).toBe('persona-image');
      widths.push(notes?.kind === 'persona-image' ? notes.faceBox.w : 0);
      files.push(file);
    }
    // Selfie is closest, full body farthest; the pictures differ.
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    expect(widths[1]).toBeGreaterThan(widths[2]! * 1.3);
    expect(await same(files[0]!, files[1]!)).toBe(false);
    expect(await same(files[1]!, files[2]!)).toBe(false);

    const again = await image({ gender: 'female', facePath: ours.path, prompt: 'at the beach at sunset, red dress, upper body 2, woman, platinum bob' }, context());
    expect(await same(files[1]!, again)).toBe(true);
  });

  it('reads the pose modifiers, and seeds Random from the prompt', async () => {
    expect(['Upper Body 1, x', 'upper body 2', 'a FULL BODY shot', 'portrait', 'upper body 10'].map(poseOf)).toEqual(['selfie', 'half', 'full', 'random', 'random']);
    const prompt = 'neon city at night, denim jacket';
    const [a, b] = [await image({ gender: 'male', facePath: fixture('portrait.jpg'), prompt }, context()), await image({ gender: 'male', facePath: fixture('portrait.jpg'), prompt }, context())];
    expect(await same(a, b)).toBe(true);
  });

  it('pastes a face picture from elsewhere (no notes) into the scene', async () => {
    const ctx = context();
    const file = await image({ gender: 'female', facePath: fixture('portrait.jpg'), prompt: 'cafe window, upper body 1' }, ctx);
    await expectPicture(file, ctx, 768, 1024);
    // The portrait's skin tone shows where the head goes (the upper middle), not in the corners.
    const { data, width } = await pixels(file.path);
    const at = (x: number, y: number) => [0, 1, 2].map((c) => data[(y * width + x) * 3 + c] as number);
    const [r, g, b] = at(384, 330);
    expect(r).toBeGreaterThan(b! + 40);
    expect(g).toBeGreaterThan(b!);
  });
});

describe('swapImage', () => {
  it('changes the face box and leaves far-away pixels exactly as they were', async () => {
    const ours = await face({ gender: 'male', celebrities: ['Alan Turing', 'Nikola Tesla', 'Ada Lovelace'] }, context());
    const box = { x: 230, y: 90, w: 180, h: 220 };
    const ctx = context();
    const out = await swapImage({ facePath: ours.path, targetPath: fixture('scene.png'), faceBox: box }, ctx);
    await expectPicture(out, ctx, 640, 800);
    expectProgress(ctx);
    const diff = await changed(fixture('scene.png'), out.path, 0);
    expect(diff.count).toBeGreaterThan(box.w * box.h * 0.3);
    expect(diff.x).toBeGreaterThanOrEqual(box.x);
    expect(diff.y).toBeGreaterThanOrEqual(box.y);
    expect(diff.x + diff.w).toBeLessThanOrEqual(box.x + box.w);
    expect(diff.y + diff.h).toBeLessThanOrEqual(box.y + box.h);

    const again = await swapImage({ facePath: ours.path, targetPath: fixture('scene.png'), faceBox: box }, context());
    expect(await same(out, again)).toBe(true);
  });

  it('guesses the upper-centre third for outside media, and uses the face box our own images carry', async () => {
    const ours = await face({ gender: 'female', prompt: 'curly black hair' }, context());
    const out = await swapImage({ facePath: ours.path, targetPath: fixture('scene.jpg') }, context());
    const guess = guessFaceBox(640, 800);
    const diff = await changed(fixture('scene.jpg'), out.path, 0);
    expect(diff.count).toBeGreaterThan(1000);
    expect(diff.x).toBeGreaterThanOrEqual(Math.floor(guess.x));
    expect(diff.x + diff.w).toBeLessThanOrEqual(Math.ceil(guess.x + guess.w));
    expect(diff.y + diff.h).toBeLessThanOrEqual(800 / 3 + 80);

    const picture = await image({ gender: 'female', facePath: ours.path, prompt: 'studio, full body' }, context());
    const notes = await readNotes(picture.path);
    if (notes?.kind !== 'persona-image') throw new Error('no notes on our image');
    const swapped = await swapImage({ facePath: fixture('portrait.jpg'), targetPath: picture.path }, context());
    const d = await changed(picture.path, swapped.path, 0);
    expect(d.x).toBeGreaterThanOrEqual(notes.faceBox.x - 1);
    expect(d.y).toBeGreaterThanOrEqual(notes.faceBox.y - 1);
    expect(d.y + d.h).toBeLessThanOrEqual(notes.faceBox.y + notes.faceBox.h + 1);
  });
});

describe('swapImage into a photograph', () => {
  afterAll(() => faceDetector.close());

  it('puts the face where the detector finds the face in an outside photo, not in the guessed box', async () => {
    // A real photograph with one face, off-centre (shipped inside @vladmandic/face-api).
    const photo = join(root, 'photo.jpg');
    await sharp(join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg')).resize(960).jpeg().toFile(photo);
    const ours = await face({ gender: 'male', celebrities: ['Alan Turing', 'Nikola Tesla', 'Ada Lovelace'] }, context());
    const out = await swapImage({ facePath: ours.path, targetPath: photo }, context());
    const { data, info } = await sharp(photo).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const [found] = await faceDetector.faces({ data, width: info.width, height: info.height, channels: 4 }, new AbortController().signal);
    const diff = await changed(photo, out.path, 24);
    expect(diff.count).toBeGreaterThan(found!.w * found!.h * 0.2);
    expect(diff.x).toBeGreaterThanOrEqual(Math.floor(found!.x) - 2);
    expect(diff.y).toBeGreaterThanOrEqual(Math.floor(found!.y) - 2);
    expect(diff.x + diff.w).toBeLessThanOrEqual(Math.ceil(found!.x + found!.w) + 2);
    expect(diff.y + diff.h).toBeLessThanOrEqual(Math.ceil(found!.y + found!.h) + 2);
    // The guess (upper-centre third) is elsewhere in this photo.
    const guess = guessFaceBox(info.width, info.height);
    expect(found!.x).toBeGreaterThan(guess.x + guess.w);
  }, 60_000);
});

describe('clothSwap', () => {
  it.each([
    ['tops', 0.3, 0.62],
    ['bottoms', 0.55, 0.95],
    ['one-pieces', 0.3, 0.92],
  ] as const)('fits %s into its body region, centred', async (category, y0, y1) => {
    const ctx = context();
    const out = await clothSwap({ personPath: fixture('person.png'), garmentPath: fixture('tee.jpg'), category }, ctx);
    await expectPicture(out, ctx, 600, 900);
    expectProgress(ctx);
    const d = await changed(fixture('person.png'), out.path, 40);
    expect(d.count).toBeGreaterThan(600 * 900 * 0.03);
    expect(d.y).toBeGreaterThanOrEqual(900 * y0 - 10);
    expect(d.y + d.h).toBeLessThanOrEqual(900 * y1 + 10);
    expect(Math.abs(d.x + d.w / 2 - 300)).toBeLessThan(12);
    // The first loads the cut-out model and runs it (seconds on a busy machine); the others reuse its mask.
  }, 120_000);

  it('cuts a garment from a plain background or keeps its transparency, and is deterministic', async () => {
    const tee = await cutOut(fixture('tee.jpg'));
    // The shirt spans x 50..450, y 45..450 of 500: the border's background is gone.
    expect(tee.width).toBeGreaterThan(380);
    expect(tee.width).toBeLessThan(420);
    expect(tee.height).toBeLessThan(420);
    const { channels } = await sharp(tee.png).stats();
    expect(channels[3]!.min).toBe(0);
    const skirt = await cutOut(fixture('skirt.png'));
    expect(Math.abs(skirt.width - 320)).toBeLessThanOrEqual(2);
    expect(Math.abs(skirt.height - 320)).toBeLessThanOrEqual(2);

    const a = await clothSwap({ personPath: fixture('person.png'), garmentPath: fixture('skirt.png'), category: 'bottoms' }, context());
    const b = await clothSwap({ personPath: fixture('person.png'), garmentPath: fixture('skirt.png'), category: 'bottoms' }, context());
    expect(await same(a, b)).toBe(true);
  });

  it('refuses a garment picture with no garment in it', async () => {
    await expect(clothSwap({ personPath: fixture('person.png'), garmentPath: fixture('blank.jpg'), category: 'tops' }, context())).rejects.toThrow(EngineInputError);
    await expect(cutOut(fixture('blank.jpg'))).rejects.toThrow('No garment found in the uploaded image.');
  });
});

describe('every capability', () => {
  const calls = (ctx: () => EngineContext) => [
    () => face({ gender: 'female', prompt: 'x' }, ctx()),
    () => image({ gender: 'female', facePath: fixture('portrait.jpg'), prompt: 'x' }, ctx()),
    () => swapImage({ facePath: fixture('portrait.jpg'), targetPath: fixture('scene.png') }, ctx()),
    () => clothSwap({ personPath: fixture('person.png'), garmentPath: fixture('tee.jpg'), category: 'tops' }, ctx()),
  ];

  it('rejects with the reason when the signal is already aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('canceled');
    controller.abort(reason);
    for (const call of calls(() => context(controller.signal))) await expect(call()).rejects.toBe(reason);
  });

  it('stops between steps when the signal is aborted on the way', async () => {
    for (const call of calls(() => {
      const controller = new AbortController();
      const ctx = context(controller.signal);
      // Canceled as soon as the first step is done.
      return { ...ctx, progress: (p: number) => p >= 15 && controller.abort(new Error('stop')) };
    })) {
      await expect(call()).rejects.toThrow('stop');
    }
  });

  it('answers an unreadable input picture with EngineInputError', async () => {
    await expect(swapImage({ facePath: fixture('portrait.jpg'), targetPath: fixture('missing.png') }, context())).rejects.toThrow(EngineInputError);
  });
});
