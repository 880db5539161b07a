// The local engine's ffmpeg capabilities on real clips: the face along a video template's track,
// image to video with a camera move, and the music mix; progress, sound and cancel.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemplate } from '../../contract/templates.ts';
import { faceDetector } from '../../server/src/engines/local/face-detect.ts';
import { face } from '../../server/src/engines/local/face.ts';
import { imageToVideo } from '../../server/src/engines/local/image-to-video.ts';
import { music } from '../../server/src/engines/local/music.ts';
import { swapVideo } from '../../server/src/engines/local/swap-video.ts';
import { ensureTemplateFile } from '../../server/src/templates/library.ts';
import { faceTrackOf } from '../../server/src/templates/metadata.ts';
import { contextMaker } from './support/engine.ts';
import { holdFifo } from './support/fifo.ts';
import { TEMPLATE_CACHE } from './support/studio.ts';
import { until } from './support/until.ts';

let root: string;
const context = contextMaker(() => root);
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ps-engine-media-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The command lines of this process's children (ffmpeg runs as one). */
const children = () => {
  try {
    return execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)]).toString();
  } catch {
    return ''; // ps exits 1 when there is none
  }
};
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', ...args]);
function probe(file: string) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,codec_name,width,height,r_frame_rate,nb_read_frames:format=duration:format_tags=lyrics', '-of', 'json', file]).toString();
  return JSON.parse(out) as { streams: Record<string, string | number>[]; format: { duration: string; tags?: { lyrics?: string } } };
}
/** Frame n of a clip as raw RGB. */
async function frame(file: string, n: number) {
  const png = join(root, `frame-${Math.random().toString(36).slice(2)}.png`);
  ffmpeg('-i', file, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', png);
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}
/** Mean absolute difference of two frames inside a box. */
function diffIn(a: Buffer, b: Buffer, width: number, box: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, box.y); y < box.y + box.h; y += 2) {
    for (let x = Math.max(0, box.x); x < box.x + box.w; x += 2) {
      const i = (y * width + x) * 3;
      sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
      count += 1;
    }
  }
  return sum / Math.max(count, 1) / 3;
}
const rising = (seen: number[]) => seen.every((p, i) => i === 0 || p >= seen[i - 1]!);

describe('local engine: video and audio', () => {
  it('lays the face along a template clip’s track: the face box changes, the rest does not', async () => {
    const template = findTemplate('video', 'female', 2)!;
    const mediaDir = join(root, 'media');
    await ensureTemplateFile({ mediaDir, ffmpeg: 'ffmpeg', cacheDir: TEMPLATE_CACHE }, template);
    const target = join(mediaDir, 'templates', template.path);
    const portrait = await face({ gender: 'female', prompt: 'auburn curls, green eyes' }, context());
    const ctx = context();
    const track = faceTrackOf(template);
    const out = await swapVideo({ facePath: portrait.path, targetPath: target, faceTrack: track }, ctx);
    const info = probe(out.path);
    expect(info.streams[0]).toMatchObject({ codec_type: 'video', codec_name: 'h264', width: 540, height: 960, r_frame_rate: '25/1', nb_read_frames: '50' });
    for (const n of [0, 49]) {
      const [before, after] = await Promise.all([frame(target, n), frame(out.path, n)]);
      const box = track.boxes[n]!;
      const inner = { x: box.x + box.w * 0.25, y: box.y + box.h * 0.25, w: box.w * 0.5, h: box.h * 0.5 };
      expect(diffIn(before.data, after.data, 540, { x: Math.round(inner.x), y: Math.round(inner.y), w: Math.round(inner.w), h: Math.round(inner.h) })).toBeGreaterThan(8);
      expect(diffIn(before.data, after.data, 540, { x: 10, y: 900, w: 80, h: 50 })).toBeLessThan(4);
    }
    expect(ctx.seen.at(-1)).toBeGreaterThanOrEqual(90);
    expect(rising(ctx.seen)).toBe(true);
  });

  it('keeps an outside clip’s sound (copied) with a guessed face box', async () => {
    const clip = join(root, 'outside.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=25:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', clip);
    const portrait = await face({ gender: 'male', prompt: 'short black hair, beard' }, context());
    const out = await swapVideo({ facePath: portrait.path, targetPath: clip }, context());
    const streams = probe(out.path).streams;
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  });

  it('follows a real face moving through an outside clip (the face detector on sampled frames)', async () => {
    // A face from a photograph shipped inside @vladmandic/face-api, sliding right 120 px a second
    // over a grey 960x540 clip for 3 s.
    const piece = join(root, 'face-piece.png');
    await sharp(join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg'))
      .resize(960).extract({ left: 620, top: 30, width: 240, height: 260 }).png().toFile(piece);
    const clip = join(root, 'moving-face.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'color=c=gray:size=960x540:rate=25:duration=3', '-i', piece, '-filter_complex', "[0:v][1:v]overlay=x='40+t*120':y=140", '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clip);
    const first = await frame(clip, 0);
    const [seen] = await faceDetector.faces({ data: await sharp(first.data, { raw: { width: 960, height: 540, channels: 3 } }).ensureAlpha().raw().toBuffer(), width: 960, height: 540, channels: 4 }, new AbortController().signal);
    if (!seen) throw new Error('no face in the first frame');
    const portrait = await face({ gender: 'female', prompt: 'auburn curls, green eyes' }, context());
    const out = await swapVideo({ facePath: portrait.path, targetPath: clip }, context());
    for (const n of [0, 37, 70]) {
      const [before, after] = await Promise.all([frame(clip, n), frame(out.path, n)]);
      const shift = (n / 25) * 120;
      const inner = { x: Math.round(seen.x + shift + seen.w * 0.3), y: Math.round(seen.y + seen.h * 0.3), w: Math.round(seen.w * 0.4), h: Math.round(seen.h * 0.4) };
      expect(diffIn(before.data, after.data, 960, inner), `frame ${n}: the face is replaced where it is`).toBeGreaterThan(8);
      // Where the face was at the start, long gone by the end: untouched then.
      if (n === 70) expect(diffIn(before.data, after.data, 960, { ...inner, x: Math.round(seen.x + seen.w * 0.3) }), 'frame 70: the old place').toBeLessThan(4);
    }
    await faceDetector.close();
  }, 60_000);

  it('makes a 5 s 25 fps 720p clip whose move follows the prompt, portrait or landscape', async () => {
    const tall = join(root, 'tall.png');
    const wide = join(root, 'wide.png');
    await sharp({ create: { width: 600, height: 800, channels: 3, background: '#224466' } }).composite([{ input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffcc00' } }).png().toBuffer(), left: 50, top: 100 }]).png().toFile(tall);
    await sharp({ create: { width: 800, height: 450, channels: 3, background: '#663322' } }).png().toFile(wide);
    const ctx = context();
    const zoom = await imageToVideo({ imagePath: tall, prompt: 'slow zoom in' }, ctx);
    expect(probe(zoom.path).streams[0]).toMatchObject({ codec_name: 'h264', width: 720, height: 1280, r_frame_rate: '25/1', nb_read_frames: '125' });
    expect(Number(probe(zoom.path).format.duration)).toBeCloseTo(5, 1);
    expect(ctx.seen.at(-1)).toBeGreaterThanOrEqual(90);
    expect(probe((await imageToVideo({ imagePath: wide, prompt: 'a calm scene' }, context())).path).streams[0]).toMatchObject({ width: 1280, height: 720 });
    const pan = await imageToVideo({ imagePath: tall, prompt: 'pan left across the scene' }, context());
    const [a, b] = await Promise.all([frame(zoom.path, 0), frame(pan.path, 0)]);
    expect(diffIn(a.data, b.data, 720, { x: 0, y: 0, w: 720, h: 1280 })).toBeGreaterThan(2);
  });

  it('mixes music with the lyrics in its tags; a cappella follows the voice; cancel stops ffmpeg', async () => {
    const song = join(root, 'song.wav');
    const voice = join(root, 'voice.wav');
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=220:duration=16', song);
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=17', voice);
    const ctx = context();
    const out = await music({ lyrics: 'la la land', songPath: song }, ctx);
    const info = probe(out.path);
    expect(info.streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'mp3' });
    expect(info.format.tags?.lyrics).toBe('la la land');
    expect(Number(info.format.duration)).toBeCloseTo(16, 0);
    expect(rising(ctx.seen) && ctx.seen.at(-1)! >= 90).toBe(true);
    const acappella = await music({ lyrics: 'hum', songPath: song, voicePath: voice }, context());
    expect(Number(probe(acappella.path).format.duration)).toBeCloseTo(17, 0);

    // A cancel while ffmpeg mixes (its first progress report past the start) ends it: the run
    // rejects before the mix goes much further, and no ffmpeg is left running.
    const long = join(root, 'long.wav');
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=330:duration=600', long);
    const controller = new AbortController();
    const base = context(controller.signal);
    const canceled = { ...base, progress: (p: number) => (base.progress(p), p > 5 && controller.abort(new Error('canceled'))) };
    await expect(music({ lyrics: 'stop', songPath: long, voicePath: voice, instrumentalPath: long }, canceled)).rejects.toThrow('canceled');
    expect(Math.max(...base.seen)).toBeLessThan(50);
    await until(() => !/\bffmpeg\b/.test(children()), 'ffmpeg ended', 10_000);
  });

  it('opens a song or a clip as its bytes say: one that is a playlist inside opens nothing it names', async () => {
    // An ID3 tag, then an HLS playlist naming a FIFO the test holds: ffmpeg left to guess reads the playlist.
    const playlist = () => {
      const folder = mkdtempSync(join(root, 'playlist-'));
      const fifo = holdFifo(folder, 'segment.ts');
      const file = join(folder, 'input.mp3');
      writeFileSync(file, Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]), Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:20.0,\n${fifo.path}\n#EXT-X-ENDLIST\n`)]));
      return { file, fifo };
    };
    const message = (err: Error) => err.message;
    const song = playlist();
    const clip = playlist();
    const answers: unknown[] = [];
    try {
      answers.push(await music({ lyrics: 'la', songPath: song.file }, context()).catch(message));
      answers.push(await swapVideo({ facePath: clip.file, targetPath: clip.file }, context()).catch(message));
    } finally {
      expect([await song.fifo.opened(), await clip.fifo.opened()], 'the FIFOs the playlists name were opened').toEqual([false, false]);
    }
    expect(answers).toEqual(['Error reading file.', 'The video could not be read.']);
  });
});
