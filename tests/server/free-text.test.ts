// Issue 40: free text refuses control characters (C0 but tab, CR and LF; DEL) with the route's
// usual 400 naming the field, by one rule (contract/text.ts); NUL is refused in every field. A
// refused call makes no job. Tab, CR and LF pass.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { controlCharactersMessage, hasControlCharacters } from '../../contract/text.ts';
import { useTestDatabase } from './support/db.ts';
import { studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ps-free-text-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ASYNC = { prefer: 'respond-async' };
const refusal = (field: string) => ({ error: controlCharactersMessage(field), field });

/** A generated face of the user's, as the runner records one. */
async function ownFace(t: StudioApp, user: StudioUser): Promise<string> {
  const key = `gen/${randomUUID().replaceAll('-', '')}.png`;
  const file = join(scratch, key.slice(4));
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c09070' } }).png().toFile(file);
  await t.app.storage.put(key, file, 'image/png');
  const at = new Date(t.clock.now()).toISOString();
  await t.app.db.insertInto('media_items').values({ id: randomUUID(), user_id: user.userId, job_id: null, kind: 'face', gender: 'female', url: t.app.storage.url(key), storage_key: key, mime: 'image/png', bytes: 1, face_prompt: null, created_at: at }).execute();
  return t.app.storage.url(key);
}

const jobCount = async (t: StudioApp) => (await t.app.db.selectFrom('jobs').select('id').execute()).length;

describe('the free-text rule', () => {
  it('refuses C0 controls but tab, CR and LF, and DEL; passes everything else', () => {
    for (const bad of ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u000E', '\u001B', '\u001F', '\u007F']) expect(hasControlCharacters(`a${bad}b`), JSON.stringify(bad)).toBe(true);
    for (const good of ['\t', '\n', '\r\n', ' ', 'é', '\u00A0', '日本', '🙂']) expect(hasControlCharacters(`a${good}b`), JSON.stringify(good)).toBe(false);
  });
});

describe('free text on the routes', () => {
  const database = useTestDatabase('sqlite');

  it('studio prompts, celebrity names, batch items, the gallery search, lyrics and talking text: 400 naming the field, no job', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    try {
      const user = await t.user('text@example.com');
      const face = await ownFace(t, user);
      const json: Array<[string, object, string]> = [
        ['/api/generate_face_c/', { celebrity1: 'Ana\u0000', celebrity2: 'B', celebrity3: 'C' }, 'celebrity1'],
        ['/api/generate_face_c_men/', { mencelebrity1: 'A', mencelebrity2: 'B\u001B[31m', mencelebrity3: 'C' }, 'mencelebrity2'],
        ['/api/generate-face-prompt/', { prompt: 'a face\u007F' }, 'prompt'],
        ['/api/generate_face_prompt_men/', { prompt: 'bell\u0007' }, 'prompt'],
        ['/api/imagetovideos/', { input_image: face, prompt: 'walk\u000Bing' }, 'prompt'],
        ['/api/gallery/', { q: 'sea\u0000' }, 'q'],
      ];
      for (const [url, body, field] of json) {
        const res = await t.call(user, url, body, ASYNC);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: refusal(field) });
      }
      const batch = await t.call(user, '/api/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'fine' }, { prompt: 'not\u001Bfine' }] });
      expect(batch.statusCode).toBe(400);
      expect(batch.json()).toEqual({ error: `items[1]: ${controlCharactersMessage('prompt')}`, field: 'items.1.prompt' });
      // NUL is refused in every field, free text or not.
      const nulUrl = await t.call(user, '/api/imagetovideos/', { input_image: `${face}\u0000`, prompt: 'walk' }, ASYNC);
      expect(nulUrl.json()).toEqual(refusal('input_image'));

      const music = await upload(t, user, '/api/audio_mucic_creator/', { lyrics: 'la\u0000la' }, ASYNC);
      expect({ status: music.statusCode, body: music.json() }).toEqual({ status: 400, body: refusal('lyrics') });
      // The probe's case: a NUL in the talking text was accepted (202) and failed in the speech step.
      const talking = await upload(t, user, '/api/talking/', { face_url: face, text: 'Hello\u0000world' }, ASYNC);
      expect({ status: talking.statusCode, body: talking.json() }).toEqual({ status: 400, body: refusal('text') });
      expect(await jobCount(t)).toBe(0);

      // Tab, CR and LF are text.
      const lines = await t.call(user, '/api/generate-face-prompt/', { prompt: 'line one\r\nline two\tand a tab' }, ASYNC);
      expect(lines.statusCode, lines.body).toBe(202);
      const spoken = await upload(t, user, '/api/talking/', { face_url: face, text: 'Hello\nworld' }, ASYNC);
      expect(spoken.statusCode, spoken.body).toBe(202);
      expect(await jobCount(t)).toBe(2);
    } finally {
      await t.app.close();
    }
  });

  it('the contact form and feedback: 400 naming the field, nothing stored', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    try {
      const contact = await t.post('/api/contact-us/', { name: 'Asha', email: 'asha@example.com', message: 'Hello\u001B[2J' });
      expect({ status: contact.statusCode, body: contact.json() }).toEqual({ status: 400, body: { error: controlCharactersMessage('Message'), field: 'message' } });
      expect(await t.app.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
      const s = await t.signUp('feedback@example.com');
      const feedback = await t.post('/api/feedbacks/', { user_id: s.profile.user_id, rating: 4, description: 'great\u001B' }, s.access);
      expect({ status: feedback.statusCode, body: feedback.json() }).toEqual({ status: 400, body: refusal('description') });
      const multiline = await t.post('/api/feedbacks/', { user_id: s.profile.user_id, rating: 4, description: 'great\nreally' }, s.access);
      expect(multiline.statusCode).toBe(201);
    } finally {
      await t.app.close();
    }
  });
});
