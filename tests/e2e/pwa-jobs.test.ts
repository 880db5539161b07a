// The service worker's job poller (issue 15): a long job started on a page is followed by the
// worker while the page cannot run (paused in the debugger: headless Chromium keeps every tab
// "visible", so hiding one proves nothing); the result is waiting for the page when it runs
// again, and with no app window in front a notification says it is ready and opens the gallery.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { launchChromium, newAppContext, DESKTOP, serviceWorkerControls } from './support/browser';
import { songReady, subscribedUser } from './support/studio';
import { isFinalJobStatus } from '../../contract/job-status';

vi.setConfig({ expect: { poll: { timeout: 30_000 } } });

const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'pwa-jobs-'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050:duration=16', '-ac', '1', join(files, 'song.wav')]);
  browser = await launchChromium();
  context = await newAppContext(browser, { serviceWorkers: 'allow', baseURL: server.url, viewport: DESKTOP });
  await context.grantPermissions(['notifications'], { origin: server.url });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

const worker = async (): Promise<Worker> => {
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  return context.serviceWorkers()[0];
};
/** What the worker's global scope offers these tests (this file is typed for Node, not a worker). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Array<{ title: string; data: unknown }>> };
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: unknown }) => Event;

const notifications = async () =>
  (await worker()).evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({ title: n.title, url: (n.data as { url?: string } | null)?.url })),
  );

describe('the service worker follows jobs (issue 15)', () => {
  it('a song made while its page cannot run: polled by the worker, told by a notification, shown when the page runs again', { timeout: 150_000 }, async () => {
    await subscribedUser(page, server, 'swjobs');
    await serviceWorkerControls(page);
    await songReady(page, join(files, 'song.wav'));

    const jobPath = (url: URL) => /\/api\/jobs\/[\w-]+$/.test(url.pathname);
    const polls: Array<{ fromWorker: boolean }> = [];
    context.on('request', (r) => void (jobPath(new URL(r.url())) && polls.push({ fromWorker: r.serviceWorker() !== null })));
    // A song can be done within seconds. Its end is kept from the worker's polls until the studio
    // is paused and another tab has the focus: a worker that saw it end while the studio still had
    // the focus (Playwright's emulated focus included) rightly shows no notification.
    let holdEnd = true;
    await context.route(jobPath, async (route) => {
      const response = await route.fetch();
      const view = (await response.json()) as { status: string };
      const held = holdEnd && isFinalJobStatus(view.status);
      await route.fulfill({ response, json: held ? { ...view, status: 'running', finished_at: null } : view });
    });
    await page.getByRole('button', { name: 'Generate Music', exact: true }).click();
    await expect.poll(() => polls.some((p) => p.fromWorker)).toBe(true);

    // Another site's tab in front, and the studio's page stopped: only the worker can follow now.
    const other = await context.newPage();
    await other.goto('about:blank');
    await other.bringToFront();
    // Playwright tells every page it has the focus; let the browser say which one really has it.
    const cdp = await context.newCDPSession(page);
    for (const session of [cdp, await context.newCDPSession(other)]) await session.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    await other.bringToFront();
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.pause');
    // The page's own polls pass through the worker's fetch handler too (seen from both sides);
    // with the page paused, every poll still made is the worker's own.
    const count = (fromWorker: boolean) => polls.filter((p) => p.fromWorker === fromWorker).length;
    const [pageBefore, workerBefore] = [count(false), count(true)];
    holdEnd = false;

    await expect.poll(notifications, { timeout: 60_000 }).toEqual([{ title: 'Your song is ready', url: '/gallery' }]);
    expect(count(false)).toBe(pageBefore);
    expect(count(true)).toBeGreaterThan(workerBefore);
    await context.unroute(jobPath);

    // The page runs again and comes to the front: it asks the worker, which answers from what it
    // kept (the page's own look comes only every 15 s, later than this wait).
    await cdp.send('Debugger.resume');
    await page.bringToFront();
    await page.locator('audio[aria-label="Generated song"]').waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('pendingJobs'))).toBe('{}');

    // A click on the notification brings the app's window forward on the gallery.
    await other.close();
    await (await worker()).evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL('**/gallery');
    expect(context.pages()).toHaveLength(1);
  });

  it('the template thumbnails the server has are kept on the device once the studio opens, and the grids show offline', { timeout: 90_000 }, async () => {
    // Test servers make templates only when asked (TEMPLATES_AT_START=false), and the worker's
    // warm-up never makes the server draw: these five are made first, the warm-up then takes them.
    const first = ['1', '2', '3', '4', '5'].map((id) => `/media/templates/thumbs/ImageTemplate/${id}.jpg`);
    for (const path of first) expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    const cached = () => page.evaluate(async () => (await (await caches.open('template-thumbs-v1')).keys()).map((r) => new URL(r.url).pathname));
    await page.goto('/face'); // a new load of the studio asks for the warm-up again
    await expect.poll(async () => (await cached()).filter((p) => first.includes(p)).length).toBe(5);
    expect((await cached()).length).toBeLessThanOrEqual(419);
    await context.setOffline(true);
    await page.goto('/image');
    await page.keyboard.press('Escape'); // the tour
    await page.getByRole('tab', { name: 'Template' }).click();
    const thumbs = page.getByRole('group', { name: 'Choose a template' }).locator('img');
    await expect.poll(() => thumbs.count()).toBe(185);
    await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.setOffline(false);
  });
});
