// The share target with the server truly gone (stopped, not context.setOffline, which does not
// cover the service worker's own fetches): the worker answers the share's POST itself, keeps the
// song, and the app opens AI Music from its precache with the song chosen (issue 28).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { logIn } from './support/accounts';
import { signUpViaApi } from './support/accountsApi';
import { newAppContext, PHONE, useOwnServer } from './support/browser';
import { controlled, share } from './support/share';

const own = useOwnServer();
const dir = mkdtempSync(join(tmpdir(), 'persona-share-gone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('with the server stopped, a shared song still opens AI Music holding it', async () => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=22050:duration=16', '-ac', '1', join(dir, 'song.wav')]);
  const user = await signUpViaApi(own.server, 'share-gone');
  const context = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: PHONE });
  try {
    const page = await context.newPage();
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/face');
    // The screen's code is in the worker's cache once it has been opened.
    await page.goto('/AIMusic');
    await page.getByLabel('Song File').waitFor();
    await controlled(page);
    await own.server.stop();
    await share(page, { files: [{ name: 'song.wav', mimeType: 'audio/wav', buffer: readFileSync(join(dir, 'song.wav')) }] });
    await page.waitForURL('**/AIMusic');
    await expect.poll(() => page.getByLabel('Song File').evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null), { timeout: 20_000 }).toBe('song.wav');
  } finally {
    await context.close();
  }
});
