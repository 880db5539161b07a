// The template library: the spec's counts in the bucket's layout, face boxes and tracks that match
// the drawing, generation that is made once, copied from the cache, and on demand once per file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { findTemplate, TEMPLATE_COUNTS, TEMPLATE_MANIFEST } from '../../contract/templates.ts';
import { ensureTemplateFile, ensureTemplates } from '../../server/src/templates/library.ts';
import { cropAt, faceBoxOf, faceTrackOf, headOf, IMAGE_SIZE, VIDEO_SIZE } from '../../server/src/templates/metadata.ts';

const root = mkdtempSync(join(tmpdir(), 'ps-templates-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('templates', () => {
  it('has the spec counts in the bucket layout, ids from 1', () => {
    expect(TEMPLATE_COUNTS).toEqual({ image: { female: 185, male: 31 }, video: { female: 156, male: 47 } });
    expect(TEMPLATE_MANIFEST).toHaveLength(185 + 31 + 156 + 47);
    expect(findTemplate('image', 'male', 31)).toEqual({ id: 31, kind: 'image', gender: 'male', path: 'ImageTemplateMen/31.jpg', thumb: 'thumbs/ImageTemplateMen/31.jpg' });
    expect(findTemplate('video', 'female', 156)?.path).toBe('VideoTemplate/156.mp4');
    for (const [kind, gender, id] of [['image', 'female', 0], ['image', 'female', 186], ['video', 'male', 48], ['video', 'male', 1.5]] as const) {
      expect(findTemplate(kind, gender, id)).toBeUndefined();
    }
  });

  it('knows every face box and track, inside the frame, the track following the pan', () => {
    for (const t of TEMPLATE_MANIFEST) {
      const size = t.kind === 'image' ? IMAGE_SIZE : VIDEO_SIZE;
      const boxes = t.kind === 'image' ? [faceBoxOf(t)] : faceTrackOf(t).boxes;
      for (const b of boxes) {
        expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= size.w && b.y + b.h <= size.h, `${t.path} ${JSON.stringify(b)}`).toBe(true);
      }
    }
    const t = findTemplate('video', 'male', 3)!;
    const track = faceTrackOf(t);
    expect(track).toMatchObject({ fps: 25, width: 540, height: 960 });
    expect(track.boxes).toHaveLength(50);
    const still = faceBoxOf({ ...t, kind: 'image' });
    expect(headOf(t).r).toBeGreaterThan(0);
    for (const n of [0, 25, 49]) expect(track.boxes[n]!.x + cropAt(t, n).x).toBe(track.boxes[0]!.x + cropAt(t, 0).x);
    expect(still).not.toEqual(track.boxes[0]);
    expect(faceTrackOf(t)).toEqual(track);
  });

  it('makes real files once, copies them from the cache into a new folder, and makes one on demand once', async () => {
    const subset = TEMPLATE_MANIFEST.filter((t) => t.id <= 2);
    const cacheDir = join(root, 'cache');
    const first = await ensureTemplates({ mediaDir: join(root, 'a'), ffmpeg: 'ffmpeg', cacheDir, manifest: subset });
    expect(first).toMatchObject({ made: subset.length * 2, copied: 0, failed: 0 });
    expect(await ensureTemplates({ mediaDir: join(root, 'a'), ffmpeg: 'ffmpeg', cacheDir, manifest: subset })).toMatchObject({ made: 0, copied: 0 });
    expect(await ensureTemplates({ mediaDir: join(root, 'b'), ffmpeg: 'ffmpeg', cacheDir, manifest: subset })).toMatchObject({ made: 0, copied: subset.length * 2 });

    const lib = join(root, 'a', 'templates');
    const image = findTemplate('image', 'female', 1)!;
    expect(await sharp(join(lib, image.path)).metadata()).toMatchObject({ format: 'jpeg', width: 768, height: 1024 });
    expect(await sharp(join(lib, image.thumb)).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 320 });
    const clip = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', join(lib, 'VideoTemplateMen/2.mp4')]).toString());
    expect(clip.streams[0]).toEqual({ codec_name: 'h264', width: 540, height: 960, nb_read_frames: '50' });
    // The face box holds the drawn face: its colour differs from the picture's corners.
    const box = faceBoxOf(image);
    const mean = async (region: { left: number; top: number; width: number; height: number }) => {
      const { data } = await sharp(join(lib, image.path)).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const sums = [0, 0, 0];
      for (let i = 0; i < data.length; i += 1) sums[i % 3] += data[i]!;
      return sums.map((v) => v / (data.length / 3));
    };
    const faceMean = await mean({ left: Math.round(box.x + box.w / 4), top: Math.round(box.y + box.h / 3), width: Math.round(box.w / 2), height: Math.round(box.h / 3) });
    const cornerMean = await mean({ left: 0, top: 0, width: 60, height: 60 });
    expect(faceMean.reduce((s, v, i) => s + Math.abs(v - cornerMean[i]!), 0)).toBeGreaterThan(60);

    const onDemand = join(root, 'c');
    const wanted = findTemplate('video', 'female', 9)!;
    await Promise.all([ensureTemplateFile({ mediaDir: onDemand, ffmpeg: 'ffmpeg' }, wanted), ensureTemplateFile({ mediaDir: onDemand, ffmpeg: 'ffmpeg' }, wanted), ensureTemplateFile({ mediaDir: onDemand, ffmpeg: 'ffmpeg' }, wanted)]);
    expect(readdirSync(join(onDemand, 'templates', 'VideoTemplate'))).toEqual(['9.mp4']);
    expect(readdirSync(join(onDemand, 'templates', 'thumbs', 'VideoTemplate'))).toEqual(['9.jpg']);
  });
});
