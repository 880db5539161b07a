// AI Music end to end (the call, the job, the local engine, the stored song) from songs, voices
// and instrumentals made by ffmpeg in .wav and in .mp3; other formats refused with the spec's text.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/db.ts';
import { studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';

const database = useTestDatabase('sqlite');
const scratch = mkdtempSync(join(tmpdir(), 'ps-music-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CODEC: Record<string, string[]> = {
  wav: [],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '48k'],
  ogg: ['-c:a', 'libvorbis'],
  flac: ['-c:a', 'flac'],
};
const TYPE: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg', flac: 'audio/flac' };

/** A sine tone of `seconds` in the format `ext` says, as ffmpeg writes it (made once). */
function tone(ext: string, seconds: number, frequency: number): Buffer {
  const file = join(scratch, `tone-${frequency}-${seconds}.${ext}`);
  if (existsSync(file)) return readFileSync(file);
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-ac', '1', '-ar', '16000', ...CODEC[ext]!, file]);
  return readFileSync(file);
}

const file = (ext: string, role: string, seconds: number, frequency: number) => ({ name: `${role}.${ext}`, data: tone(ext, seconds, frequency), type: TYPE[ext]! });

function makeSong(t: StudioApp, u: StudioUser, files: Record<string, ReturnType<typeof file>>) {
  // A voice file needs the user's consent (issue 26).
  return upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la la la', ...(files.voice_file ? { consent: 'true' } : {}), ...files });
}

/** The stored song's codec and length, read back through its URL. */
async function stored(t: StudioApp, url: string): Promise<{ codec: string; seconds: number }> {
  const media = await t.app.inject({ method: 'GET', url });
  expect(media.statusCode).toBe(200);
  const copy = join(scratch, `out-${Math.random().toString(36).slice(2)}.mp3`);
  writeFileSync(copy, media.rawPayload);
  const info = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-f', 'mp3', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', copy]).toString()) as { streams: { codec_name: string }[]; format: { duration: string } };
  return { codec: info.streams[0]!.codec_name, seconds: Number(info.format.duration) };
}

// The song lasts 16 s, a voice or an instrumental 17 s: a cappella follows the voice, a track
// without vocals the longest input, so the length says which files the mix used.
const ROLES = [
  { role: 'song', field: null, seconds: 16 },
  { role: 'voice', field: 'voice_file', seconds: 17 },
  { role: 'instrumental', field: 'instrumental_file', seconds: 17 },
] as const;

describe('AI Music from .wav and .mp3 files', () => {
  for (const ext of ['wav', 'mp3']) {
    for (const { role, field, seconds } of ROLES) {
      it(`makes a song with the ${role} in .${ext}`, async () => {
        const t = await studioApp(database.current);
        const u = await t.user(`${role}-${ext}@example.com`);
        const res = await makeSong(t, u, { song_file: file(ext, 'song', 16, 220), ...(field ? { [field]: file(ext, role, 17, 440) } : {}) });
        expect(res.statusCode, res.body).toBe(200);
        const url = res.json().output_url as string;
        expect(url).toMatch(/^\/media\/gen\/[0-9a-f]{32}\.mp3$/);
        const song = await stored(t, url);
        expect(song.codec).toBe('mp3');
        expect(song.seconds).toBeCloseTo(seconds, 0);
        await t.app.close();
      });
    }
  }

  it("refuses a song, voice or instrumental in another format with 'File must be .wav or .mp3 format'", async () => {
    const t = await studioApp(database.current);
    const u = await t.user('formats@example.com');
    const song = file('wav', 'song', 16, 220);
    for (const ext of ['ogg', 'flac']) {
      const other = file(ext, 'other', 16, 330);
      for (const [field, label, files] of [
        ['song_file', 'Song file', { song_file: other }],
        ['voice_file', 'Voice file', { song_file: song, voice_file: other }],
        ['instrumental_file', 'Instrumental file', { song_file: song, instrumental_file: other }],
      ] as const) {
        const res = await makeSong(t, u, files);
        expect([res.statusCode, res.json().error], `${field} in .${ext}`).toEqual([400, `${label}: File must be .wav or .mp3 format`]);
      }
    }
    await t.app.close();
  });
});
