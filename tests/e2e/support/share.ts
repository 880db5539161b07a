// Sharing into the app as the system share sheet does it (issue 28): a multipart POST navigation
// to the share target, made by a form on the app's own origin. No vitest here: the manifest's
// screenshots (scripts/make-screenshots.ts) share with it too.
import type { Page } from 'playwright-core';

export interface SharedPayload {
  files?: Array<{ name: string; mimeType: string; buffer: Buffer }>;
  title?: string;
  text?: string;
  url?: string;
}

/** What the system share sheet sends: a multipart POST navigation to the share target. */
export async function share(page: Page, payload: SharedPayload): Promise<void> {
  await page.evaluate((fields) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const input = document.createElement('input');
      input.name = name;
      input.value = value;
      form.append(input);
    }
    const files = document.createElement('input');
    files.type = 'file';
    files.name = 'media';
    files.multiple = true;
    files.id = 'shared-media';
    form.append(files);
    form.id = 'share-form';
    document.body.append(form);
  }, { title: payload.title, text: payload.text, url: payload.url });
  if (payload.files?.length) await page.setInputFiles('#shared-media', payload.files);
  await page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit());
}

/** The app loaded with its service worker in control (which answers the share target). */
export async function controlled(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // No deadline of its own (as support/browser.ts serviceWorkerControls): a first install fetches the whole precache.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 0 });
}
