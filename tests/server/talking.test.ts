// The talking character (issue 32). The local engine on a real face (the local face engine's, its
// 68 landmarks found by face-api) and a track of 1 s tone then 1 s silence: the mouth box of the
// video's frames moves while the track sounds and rests in silence, following the track's envelope,
// so the result cannot pass as a still picture with sound. Then POST /talking/ end to end: a voice
// file (with consent), the user's song (its first minute) and typed text (espeak-ng), and every
// refusal with the message, storing nothing.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { consentsRepository } from '../../server/src/db/repositories/consents.ts';
import { faceDetector } from '../../server/src/engines/local/face-detect.ts';
import { face as localFace } from '../../server/src/engines/local/face.ts';
import { readPicture } from '../../server/src/engines/local/images.ts';
import { faceGeometry, talking, TALK_FPS } from '../../server/src/engines/local/talking.ts';
import type { EngineContext } from '../../server/src/engines/types.ts';
import { useTestDatabase } from './support/db.ts';
import { markAt, studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ps-talking-'));
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await faceDetector.close();
});
let runs = 0;
const ctx = (): EngineContext => {
  const workDir = join(scratch, `run-${(runs += 1)}`);
  mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress: () => undefined, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } };
};

/** A track made by ffmpeg's lavfi graph `graph`, `seconds` long, in `ext` (wav or mp3). */
function track(name: string, graph: string, seconds: number, ext: 'wav' | 'mp3' | 'ogg' = 'wav'): string {
  const file = join(scratch, `${name}.${ext}`);
  const codec = ext === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '48k'] : ext === 'ogg' ? ['-c:a', 'libvorbis'] : [];
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', graph, '-t', String(seconds), '-ac', '1', '-ar', '16000', ...codec, file]);
  return file;
}
/** 1 s of a 300 Hz tone, then 1 s of silence. */
const toneThenSilence = () => track('tone-silence', 'sine=frequency=300:duration=1,apad', 2);

/** The video's streams and length, by ffprobe. */
function probe(file: string) {
  const json = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,r_frame_rate:format=duration', '-of', 'json', file]).toString()) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; r_frame_rate: string }[];
    format: { duration: string };
  };
  const video = json.streams.find((s) => s.codec_type === 'video')!;
  return { video: video.codec_name, audio: json.streams.find((s) => s.codec_type === 'audio')?.codec_name, fps: video.r_frame_rate, width: video.width, height: video.height, seconds: Number(json.format.duration) };
}

/** Every frame's grey pixels inside `box` (decoded by ffmpeg). */
function mouthBoxes(video: string, box: { x: number; y: number; w: number; h: number }): Uint8Array[] {
  const raw = execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', video, '-vf', `format=gray,crop=${box.w}:${box.h}:${box.x}:${box.y}`, '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 1 << 28 });
  const size = box.w * box.h;
  return Array.from({ length: raw.length / size }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

/** The RMS of the video's own audio track per frame (40 ms). */
function envelope(video: string, frames: number): number[] {
  const raw = execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', video, '-vn', '-ac', '1', '-ar', '16000', '-f', 'f32le', 'pipe:1'], { maxBuffer: 1 << 26 });
  const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
  const hop = 16000 / TALK_FPS;
  return Array.from({ length: frames }, (_, f) => {
    let sum = 0;
    for (let i = f * hop; i < Math.min(samples.length, (f + 1) * hop); i += 1) sum += samples[i]! ** 2;
    return Math.sqrt(sum / hop);
  });
}

const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
const average = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
function pearson(a: number[], b: number[]): number {
  const [ma, mb] = [average(a), average(b)];
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < a.length; i += 1) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** A face of the local face engine, `size` px square, as a PNG file. */
async function facePng(size: number): Promise<string> {
  const made = await localFace({ gender: 'female', prompt: 'short dark hair' }, ctx());
  const file = join(scratch, `face-${size}-${randomUUID()}.png`);
  await sharp(made.path).resize(size, size).png().toFile(file);
  return file;
}

describe('the local talking character', () => {
  it('moves the mouth while the track sounds and rests in silence, following its envelope', async () => {
    const facePath = await facePng(384);
    const out = await talking({ facePath, audioPath: toneThenSilence(), gender: 'female' }, ctx());
    const info = probe(out.path);
    expect(info).toMatchObject({ video: 'h264', audio: 'aac', fps: '25/1', width: 384, height: 384 });
    expect(info.seconds).toBeCloseTo(2, 1);

    // The mouth box from the face's own landmarks: corners to chin.
    const g = await faceGeometry(await readPicture(facePath, new AbortController().signal), new AbortController().signal);
    const box = { x: Math.round(g.mouth[0] - g.mouthWidth), y: Math.round(g.mouth[1] - g.upperLip * 2), w: Math.round(g.mouthWidth * 2), h: Math.round(g.chinY - g.mouth[1] + g.upperLip * 2) };
    const frames = mouthBoxes(out.path, box);
    expect(frames.length).toBe(50);
    // Against the last frame (silent, mouth closed): how far each frame's mouth is from rest.
    const rest = frames.at(-1)!;
    const moved = frames.map((f) => meanAbsDiff(f, rest));
    const sounding = moved.slice(2, 23);
    // After the lips' closing (a few frames), silence: only the head's slight sway.
    const silent = moved.slice(32);
    expect(Math.min(...sounding)).toBeGreaterThan(3 * Math.max(...silent));
    expect(average(sounding)).toBeGreaterThan(8);
    expect(pearson(moved, envelope(out.path, frames.length))).toBeGreaterThan(0.8);
  }, 60_000);

  it('blinks and sways while it speaks typed text: the eye box jumps in a blink, the head never stands still', async () => {
    const facePath = await facePng(256);
    const out = await talking({ facePath, text: 'One, two, three, four, five. This is a talking character, blinking as it speaks.', gender: 'male' }, ctx());
    const info = probe(out.path);
    expect(info.audio).toBe('aac');
    expect(info.seconds).toBeGreaterThan(3);
    const g = await faceGeometry(await readPicture(facePath, new AbortController().signal), new AbortController().signal);
    const [eye] = g.eyes;
    const box = { x: Math.round(eye!.centre[0] - eye!.width), y: Math.round(eye!.centre[1] - eye!.height * 2), w: Math.round(eye!.width * 2), h: Math.round(eye!.height * 3) };
    const eyes = mouthBoxes(out.path, box);
    // Frame to frame: the sway moves the eye a fraction of a pixel a frame; a blink's lid moves it at once.
    const steps = eyes.slice(1).map((f, i) => meanAbsDiff(f, eyes[i]!));
    const median = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!;
    expect(Math.max(...steps)).toBeGreaterThan(5 * median + 1);
    // and never a still frame: the head moves between any two frames a second apart.
    for (let f = TALK_FPS; f < eyes.length; f += TALK_FPS) expect(meanAbsDiff(eyes[f]!, eyes[f - TALK_FPS]!)).toBeGreaterThan(0);
  }, 60_000);

  it('a cancel stops it between frames and ends ffmpeg: the run rejects with the reason', async () => {
    const facePath = await facePng(256);
    const stop = new AbortController();
    const seen: number[] = [];
    const c = { ...ctx(), signal: stop.signal, progress: (p: number) => (seen.push(p), p > 10 && stop.abort(new Error('canceled by the user'))) };
    await expect(talking({ facePath, audioPath: track('long-tone', 'sine=frequency=220', 40), gender: 'female' }, c)).rejects.toThrow('canceled by the user');
    // Nothing is reported after the cancel (reports still queued in ffmpeg's pipe are dropped),
    // and the cancel came before the last of the 40 s of frames (98 is every frame encoded).
    const canceledAt = seen.findIndex((p) => p > 10);
    expect(seen).toHaveLength(canceledAt + 1);
    expect(seen[canceledAt]).toBeLessThan(98);
    expect(execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)]).toString()).not.toMatch(/ffmpeg .*talking\.mp4/);
  }, 60_000);
});

const database = useTestDatabase('sqlite');

/** A stored item of the user's, as a job would have recorded it: a picture (face or image) or a song. */
async function stored(t: StudioApp, u: StudioUser, kind: 'face' | 'image' | 'audio', file: string, gender: 'female' | 'male' | null = 'female'): Promise<string> {
  const [ext, mime] = kind === 'audio' ? ['mp3', 'audio/mpeg'] : ['png', 'image/png'];
  const key = `gen/${randomUUID().replaceAll('-', '')}.${ext}`;
  const { bytes } = await t.app.storage.put(key, file, mime);
  await t.app.db.insertInto('media_items').values({ id: randomUUID(), user_id: u.userId, job_id: null, kind, gender, url: t.app.storage.url(key), storage_key: key, mime, bytes, face_prompt: null, created_at: new Date(t.clock.now()).toISOString() }).execute();
  return t.app.storage.url(key);
}

const wav = (file: string) => ({ name: 'voice.wav', data: readFileSync(file), type: 'audio/wav' });

/** What a user has left behind: jobs, uploads, gallery items. */
async function leftBy(t: StudioApp, u: StudioUser) {
  const count = async (table: 'jobs' | 'user_files' | 'media_items') => (await t.app.db.selectFrom(table).select('user_id').where('user_id', '=', u.userId).execute()).length;
  return { jobs: await count('jobs'), files: await count('user_files'), media: await count('media_items') };
}

describe('POST /talking/ on the local engine', () => {
  it('a voice file (with consent), the user\'s song (its first minute) and typed text each give a video in the gallery', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('talk@example.com');
    // A small face keeps a minute of frames quick.
    const small = join(scratch, 'small.png');
    await sharp(await facePng(128)).png().toFile(small);
    const face = await stored(t, u, 'face', small, 'male');
    const song = await stored(t, u, 'audio', track('song', 'sine=frequency=220', 62, 'mp3'));

    const voiced = await upload(t, u, '/api/talking/', { user_id: u.userId, face_url: face, audio_file: wav(toneThenSilence()), consent: 'true' });
    expect(voiced.statusCode, voiced.body).toBe(200);
    const sung = await upload(t, u, '/api/talking/', { user_id: u.userId, face_url: face, audio_url: song });
    expect(sung.statusCode, sung.body).toBe(200);
    const spoken = await upload(t, u, '/api/talking/', { user_id: u.userId, face_url: face, text: 'Hello, I can speak.' });
    expect(spoken.statusCode, spoken.body).toBe(200);

    const lengths: number[] = [];
    for (const res of [voiced, sung, spoken]) {
      const { video_url, job_id } = res.json() as { video_url: string; job_id: string };
      expect(video_url).toMatch(/^\/media\/gen\/[0-9a-f]{32}\.mp4$/);
      const media = await t.app.inject({ method: 'GET', url: video_url });
      const copy = join(scratch, `${job_id}.mp4`);
      writeFileSync(copy, media.rawPayload);
      const info = probe(copy);
      expect(info).toMatchObject({ video: 'h264', audio: 'aac', width: 128, height: 128 });
      lengths.push(info.seconds);
      expect((await t.get(u, `/api/jobs/${job_id}`)).json()).toMatchObject({ kind: 'talking', status: 'succeeded' });
    }
    // The voice file's consent is recorded with the job (the song and the text need none).
    expect((await consentsRepository(t.app.db).ofUser(u.userId)).map((c) => [c.call, c.field])).toEqual([['/talking/', 'audio_file']]);
    expect(lengths[0]).toBeCloseTo(2, 1);
    // The 62 s song: its first 60 s.
    expect(lengths[1]).toBeCloseTo(60, 0);
    expect(lengths[2]).toBeGreaterThan(0.8);
    // The AI marks: built on the user's voice recording (outside media) or drawn from our own inputs; the local engine has no generative model.
    expect(await markAt(t, voiced.json().video_url)).toBe('compositeSynthetic');
    expect(await markAt(t, spoken.json().video_url)).toBe('algorithmicMedia');
    const gallery = (await t.call(u, '/api/gallery/', { user_id: u.userId })).json() as { videos: { video_url: string }[] };
    expect(gallery.videos.map((v) => v.video_url).sort()).toEqual([voiced, sung, spoken].map((r) => r.json().video_url).sort());
    await t.app.close();
  }, 120_000);

  it('refuses with the issue\'s messages and stores nothing', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('refused-talk@example.com');
    const other = await t.user('other-talk@example.com');
    const free = await t.user('free-talk@example.com', null);
    const pic = join(scratch, 'plain.png');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#806040' } }).png().toFile(pic);
    const face = await stored(t, u, 'image', pic);
    const theirFace = await stored(t, other, 'face', pic);
    const songFile = track('short-song', 'sine=frequency=330', 3, 'mp3');
    const song = await stored(t, u, 'audio', songFile);
    const theirSong = await stored(t, other, 'audio', songFile);
    const before = await leftBy(t, u);

    const err = async (fields: Record<string, unknown>, user = u) => {
      const res = await upload(t, user, '/api/talking/', { user_id: user.userId, ...(fields as Record<string, string>) });
      return [res.statusCode, (res.json() as { error: string }).error];
    };
    const ONE = 'Send an audio file, a song or text, not more than one.';
    const voice = wav(track('voice-2s', 'sine=frequency=440', 2));
    expect(await err({ face_url: face })).toEqual([400, ONE]);
    expect(await err({ face_url: face, text: '   ' })).toEqual([400, ONE]);
    expect(await err({ face_url: face, text: 'hi', audio_url: song })).toEqual([400, ONE]);
    expect(await err({ face_url: face, text: 'hi', audio_file: voice, consent: 'true' })).toEqual([400, ONE]);
    expect(await err({ face_url: face, audio_url: song, audio_file: voice, consent: 'true' })).toEqual([400, ONE]);
    expect(await err({ face_url: face, text: 'a'.repeat(501) })).toEqual([400, 'Text must be at most 500 characters.']);
    expect(await err({ face_url: face, audio_file: wav(track('half', 'sine=frequency=440', 0.5)), consent: 'true' })).toEqual([400, 'Audio must be at least 1 second long.']);
    expect(await err({ face_url: face, audio_file: wav(track('long', 'sine=frequency=440', 61)), consent: 'true' })).toEqual([400, 'Audio must be at most 60 seconds long.']);
    expect(await err({ face_url: face, audio_file: { name: 'voice.ogg', data: readFileSync(track('ogg', 'sine=frequency=440', 2, 'ogg')), type: 'audio/ogg' }, consent: 'true' })).toEqual([400, 'Audio file: File must be .wav or .mp3 format']);
    // A voice may be a real person's: consent is asked after the checks above.
    expect(await err({ face_url: face, audio_file: voice })).toEqual([400, expect.stringMatching(/consent|permission|right/i)]);
    expect(await err({ face_url: theirFace, text: 'hi' })).toEqual([400, 'Please select a face or image.']);
    expect(await err({ face_url: song, text: 'hi' })).toEqual([400, 'Please select a face or image.']);
    expect(await err({ text: 'hi' })).toEqual([400, 'Please select a face or image.']);
    expect(await err({ face_url: face, audio_url: theirSong })).toEqual([400, 'Please select one of your songs.']);
    expect(await err({ face_url: face, audio_url: face })).toEqual([400, 'Please select one of your songs.']);
    expect((await err({ face_url: face, text: 'hi' }, free))[0]).toBe(403);
    expect((await err({ user_id: other.userId, face_url: face, text: 'hi' }))[0]).toBe(403);
    expect(await leftBy(t, u)).toEqual(before);
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect(await t.app.db.selectFrom('user_files').select('storage_key').execute()).toEqual([]);
    await t.app.close();
  }, 60_000);
});
