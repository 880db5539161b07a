// A new version arriving while a long job is followed by the worker in control: Reload switches
// to the new worker at once (the old one lets go of the job instead of holding its activation
// until the job ends), the new worker follows the job to its end, and with the server then
// stopped the gallery still shows the result.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { DESKTOP, newAppContext, serviceWorkerControls, useOwnServer } from './support/browser';
import { deployableCopy } from './support/deploy';
import { ROOT } from './support/server';
import { songReady, subscribedUser } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 30_000 } } });

const copy = deployableCopy();
// This server only queues: the job waits until the worker process below starts.
const own = useOwnServer({ PUBLIC_DIR: copy.dir, RUN_JOBS: 'false' });
const files = mkdtempSync(join(tmpdir(), 'pwa-update-job-'));
let jobWorker: ChildProcess | undefined;
afterAll(() => {
  jobWorker?.kill('SIGKILL');
  rmSync(copy.dir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

it('Reload switches to a new version while a song job is followed; the job ends under the new worker; offline the gallery keeps it', { timeout: 180_000 }, async () => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050:duration=16', '-ac', '1', join(files, 'song.wav')]);
  const context = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: DESKTOP });
  const page = await context.newPage();
  await subscribedUser(page, own.server, 'updatejob');
  await serviceWorkerControls(page);
  await songReady(page, join(files, 'song.wav'));
  const workerPolls: string[] = [];
  context.on('request', (r) => void (r.serviceWorker() && /\/api\/jobs\/[\w-]+$/.test(new URL(r.url()).pathname) && workerPolls.push(r.url())));
  await page.getByRole('button', { name: 'Generate Music', exact: true }).click();
  await expect.poll(() => workerPolls.length).toBeGreaterThan(0);

  copy.deploy();
  await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
  await page.getByText('A new version is available').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !r?.waiting && r?.active?.state)).catch(() => 'reloading'), { timeout: 15_000 })
    .toBe('activated');
  // Before the hand-over the switch waited for the job. Here the job cannot end until the worker
  // below starts: the new worker active while the job is still pending proves the switch did not wait.
  expect(await page.evaluate(() => sessionStorage.getItem('pendingJobs'))).not.toBe('{}');

  const pollsBefore = workerPolls.length;
  jobWorker = spawn(process.execPath, [join(ROOT, 'scripts', 'worker.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: own.server.dataDir, DATABASE_URL: '', WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await page.locator('audio[aria-label="Generated song"]').waitFor({ timeout: 90_000 });
  expect(workerPolls.length).toBeGreaterThan(pollsBefore); // the new worker followed it
  expect(await page.evaluate(() => sessionStorage.getItem('pendingJobs'))).toBe('{}');

  await page.goto('/gallery');
  await page.getByRole('tab', { name: /songs|audio|music/i }).first().click().catch(() => undefined);
  await page.locator('audio').first().waitFor({ timeout: 20_000 });
  await own.server.stop();
  await page.reload();
  await page.getByText('AI-generated').first().waitFor({ timeout: 20_000 });
  await context.close();
});
