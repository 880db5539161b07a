import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describePreflight } from '../engines/registry.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { startContentCredentials } from '../provenance/index.ts';
import { createJobSystem, type JobSystem } from './system.ts';
import { templateLibraryOf } from '../templates/library.ts';
import { templateByPath, templateFiles } from './templates.ts';
import { WARM_UP_HEADER } from '../../../contract/sw-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobSystem;
  }
}

const USER_FILES_SWEEP_MS = 60 * 60_000;
const TEMPLATE_URL = /^\/media\/templates\/((?:thumbs\/)?[A-Za-z]+\/\d+\.(?:jpg|mp4))$/;

/**
 * `app.jobs`. The process runs jobs too unless RUN_JOBS=false or WORKER_CONCURRENCY=0 (the default
 * with REDIS_URL): then `npm run worker` processes do. After core and storage; the queue starts
 * when the app is ready and stops on close (running jobs go back to the queue). Also: a template not yet made is made when first asked
 * for (the library makes heavy videos last), so the studio never shows a broken template.
 */
export const jobsPlugin = globalPlugin(async (app) => {
  const signer = await startContentCredentials(app.config);
  const jobs = createJobSystem({ db: app.db, config: app.config, storage: app.storage, log: app.log, now: () => app.now(), signer });
  app.decorate('jobs', jobs);
  // The remote engines' pre-flight (ComfyUI's /object_info, Replicate's models): a capability whose
  // service lacks what it needs is refused (503, /api/health) until the next start; one that could not
  // be asked (no network) is served and said.
  app.addHook('onReady', async () => {
    const report = (await jobs.engines.preflight()).filter((entry) => entry.engine !== 'local');
    for (const entry of report) {
      const lines = describePreflight([entry]).join('\n');
      if (entry.problems.length) app.log.error({ capability: entry.capability, engine: entry.engine, problems: entry.problems }, `engine pre-flight: ${lines}`);
      else if (entry.warnings.length) app.log.warn({ capability: entry.capability, engine: entry.engine, warnings: entry.warnings }, `engine pre-flight: ${lines}`);
      else app.log.info(`engine pre-flight: ${lines}`);
    }
  });
  // Estimates from the first job (issue 45): this machine against the reference, measured beside the
  // start (about 0.7 s of sharp work on its threads): the server listens and its queue runs meanwhile,
  // and an estimate asked for before it ends waits for it.
  app.addHook('onReady', async () => {
    void jobs.calibrate().catch((err: unknown) => app.log.warn({ err }, 'could not calibrate run-time estimates: the seeds stand'));
  });
  if (app.config.generation.runJobs) app.addHook('onReady', async () => jobs.queue.start());
  // Running jobs go back to the queue first, then the engines' model processes stop.
  app.addHook('onClose', async () => {
    await jobs.queue.stop();
    await jobs.engines.close();
  });

  // Uploads and link copies nothing needs any more (every API process sweeps; deleting twice is harmless).
  let sweepTimer: NodeJS.Timeout | undefined;
  const sweep = () => void jobs.files.sweep(app.now()).catch((err: unknown) => app.log.error({ err }, 'user-files sweep failed'));
  app.addHook('onReady', async () => {
    sweep();
    sweepTimer = setInterval(sweep, USER_FILES_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweepTimer));

  const templates = templateFiles(templateLibraryOf(app.config));
  app.addHook('onRequest', async (request) => {
    // A background warm-up (the service worker's) takes what exists: it never makes the server draw.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers[WARM_UP_HEADER]) return;
    const path = TEMPLATE_URL.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!path || existsSync(join(app.config.mediaDir, 'templates', path))) return;
    // A thumbnail is always .jpg, also for a video template.
    const templatePath = path.replace(/^thumbs\//, '');
    const entry = templateByPath(templatePath) ?? templateByPath(templatePath.replace(/\.jpg$/, '.mp4'));
    if (!entry) return;
    await templates.ensure(entry.path).catch((err: unknown) => request.log.error({ err, path }, 'could not make a template'));
  });
});
