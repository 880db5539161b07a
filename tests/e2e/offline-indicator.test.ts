// The offline notice (issue 14, part 3): shown while the browser is offline and when a request
// finds our server unreachable, saying what still works; the spec's own messages stay as they are.
// The server is really stopped for the second half: setOffline does not cut a service worker's
// fetches, and a server that is down is what a dead network looks like to the page.
import { describe, expect, it, vi } from 'vitest';
import { newAppContext, PHONE, useOwnServer } from './support/browser';
import { settled } from './support/settle';

vi.setConfig({ expect: { poll: { timeout: 10_000 } } });

describe('offline notice', () => {
  const own = useOwnServer();

  it('appears when the browser goes offline or the server cannot be reached, and goes when it is back', async () => {
    // No service worker: its first activation may reload the page, which with the server stopped
    // would leave nothing to test; the page's own requests are what the notice follows.
    const context = await newAppContext(own.browser, { baseURL: own.server.url, viewport: PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    // The footer's code is held until the server is down, then refused: whenever the page asks for
    // it (when the footer nears the view, or earlier if React warms it up while the machine is
    // busy), it cannot have it. Waiting for the request itself missed one already in flight.
    const footerCode = /\/assets\/PublicFooter-[\w-]+\.js$/;
    let serverStopped!: () => void;
    const serverDown = new Promise<void>((done) => (serverStopped = done));
    let footerAsked!: () => void;
    const asked = new Promise<void>((done) => (footerAsked = done));
    await page.route(footerCode, async (route) => {
      footerAsked();
      await serverDown;
      await route.abort('connectionrefused');
    });
    await page.goto('/login');
    const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
    expect(await notice.count()).toBe(0);

    // The browser's own flag.
    await context.setOffline(true);
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.innerText()).toContain('Pages you have opened before still work');
    await context.setOffline(false);
    await expect.poll(() => notice.count()).toBe(0);

    // The browser thinks it is online, but nothing answers: the login fails with the spec's
    // message, and the notice says why.
    await own.server.stop();
    serverStopped();
    // A block whose code had not loaded yet (the footer, near view) cannot load now: the page
    // stays, without it (it used to go blank).
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await asked; // the block's code was asked for and did not come
    await settled(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Login');
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => alerts).toEqual(['Login failed. Please try again.']);
    await expect.poll(() => notice.count()).toBe(1);
    await page.screenshot({ path: 'test-results/offline-notice-390.png' });
    await context.close();
  });
});
