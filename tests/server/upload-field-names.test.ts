// Issue 40: a name a client chose never reaches the file system. Every multipart route (cloth swap,
// music, talking, the share target) gets a corpus of hostile part names aimed at a canary folder
// beside the upload folder: each is refused with 400 "Unexpected file field." naming the part, and
// nothing lands in the canary, in storage or in the jobs table (so no allowance is used). Hostile
// file names on a part the route takes are data only: the stored upload's key is our own.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UNEXPECTED_FILE_FIELD } from '../../contract/common.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { SECURITY_KEY, sineWav, studioApp, type StudioApp, type StudioUser } from './support/studio.ts';

// Beside the upload folder (both in the temp folder): `../<canary>/x` from an upload folder lands here.
const canary = mkdtempSync(join(tmpdir(), 'ps-canary-'));
const scratch = mkdtempSync(join(tmpdir(), 'ps-field-names-'));
afterAll(() => {
  rmSync(canary, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const CANARY = basename(canary);
/** Part names as an attacker would write them into Content-Disposition (raw bytes, UTF-8). */
const HOSTILE_NAMES = [
  `../${CANARY}/x`,
  `../../../../../../..${canary}/x`,
  `${canary}/x`,
  `..\\..\\${CANARY}\\x`,
  `%2e%2e%2f${CANARY}%2fx`,
  `..%2f..%2f${CANARY}%2fx`,
  `cloth_image\u0000../${CANARY}/x`,
  `\u2024\u2024/${CANARY}/x`, // one-dot leaders
  `\uFF0E\uFF0E\uFF0F${CANARY}\uFF0Fx`, // full-width dots and slash
  `${'../'.repeat(333)}${CANARY}/x`, // 1,000 characters and more
  'a'.repeat(1000),
  '.',
  '..',
  '',
];

const ROUTES = ['/api/newclothchanger/', '/api/audio_mucic_creator/', '/api/talking/', '/share-target'];

/** A multipart body written byte by byte, so a part's name reaches the server exactly as given. */
function rawForm(parts: Array<{ disposition: string; type?: string; data: Buffer | string }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----hostile7d93b1';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; ${part.disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const filePart = (disposition: string) => ({ disposition, type: 'audio/wav', data: Buffer.alloc(4096, 0x41) });

async function send(t: StudioApp, user: StudioUser, url: string, form: ReturnType<typeof rawForm>) {
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${user.access}`, 'security-key': SECURITY_KEY, prefer: 'respond-async' } });
}

/** What a refused request must not have left: files in the canary and storage, rows in user_files and jobs. */
async function leftBehind(t: StudioApp): Promise<{ canary: string[]; storage: string[]; files: number; jobs: number }> {
  const storage = ['uploads', 'fetched', 'gen'].flatMap((folder) => {
    try {
      return readdirSync(join(t.config.mediaDir, folder)).map((name) => `${folder}/${name}`);
    } catch {
      return [];
    }
  });
  const files = await t.app.db.selectFrom('user_files').select('storage_key').execute();
  const jobs = await t.app.db.selectFrom('jobs').select('id').execute();
  return { canary: readdirSync(canary, { recursive: true }) as string[], storage, files: files.length, jobs: jobs.length };
}

describe.each(engines)('multipart part names on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('a file part under any name the route does not take is refused before it is written, and leaves nothing', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    try {
      const user = await t.user('names@example.com', 'premium');
      for (const url of ROUTES) {
        for (const name of HOSTILE_NAMES) {
          // The name once became `join(uploadDir, name + '-<random>')`.
          const quoted = rawForm([{ disposition: 'name="lyrics"', data: 'la la' }, filePart(`name="${name}"; filename="x.wav"`)]);
          const res = await send(t, user, url, quoted);
          expect(res.statusCode, `${url} ${JSON.stringify(name)}`).toBe(400);
          // The name as sent, cut to 100 characters.
          expect(res.json(), `${url} ${JSON.stringify(name)}`).toEqual({ error: UNEXPECTED_FILE_FIELD, field: [...name].slice(0, 100).join('') });
        }
        // RFC 5987's name*= is decoded by the parser: %2e%2e%2f becomes ../ before we see it.
        const extended = await send(t, user, url, rawForm([filePart(`name*=utf-8''%2e%2e%2f${CANARY}%2fx; filename="x.wav"`)]));
        expect(extended.statusCode, url).toBe(400);
        expect(extended.json()).toEqual({ error: UNEXPECTED_FILE_FIELD, field: `../${CANARY}/x` });
      }
      expect(await leftBehind(t)).toEqual({ canary: [], storage: [], files: 0, jobs: 0 });
    } finally {
      await t.app.close();
    }
  });

  it('a hostile file name on a part the route takes is data: the upload is stored under a key of ours', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    try {
      const user = await t.user('filenames@example.com', 'premium');
      const song = sineWav(scratch, 16);
      for (const filename of [`../../../../${canary}/song.wav`, `..\\..\\${CANARY}\\song.wav`, `${canary}/song.wav\u0000.png`]) {
        const res = await send(t, user, '/api/audio_mucic_creator/', rawForm([
          { disposition: 'name="lyrics"', data: 'A song about the sea' },
          { disposition: `name="song_file"; filename="${filename}"`, type: 'audio/wav', data: song },
        ]));
        expect(res.statusCode, res.body).toBe(202);
      }
      const after = await leftBehind(t);
      expect(after.canary).toEqual([]);
      expect(after.jobs).toBe(3);
      // The same bytes three times: three uploads, each named by us alone.
      expect(after.storage).toHaveLength(3);
      for (const key of after.storage) expect(key).toMatch(/^uploads\/[a-z0-9]+\.wav$/);
    } finally {
      await t.app.close();
    }
  });
});
