// `app.webhooks`: settled jobs become deliveries (at once, through the job system's settled
// signal, and by a sweep that catches what that missed), and the sender delivers them. Every API
// process runs both: deliveries are claimed with a lease, so each is sent once however many run.
import { globalPlugin } from '../plugins/global-plugin.ts';
import { webhooksRepository } from '../db/repositories/webhooks.ts';
import { announcer, type Announcer } from './announce.ts';
import { webhookSecrets, type WebhookSecrets } from './secrets.ts';
import { webhookSender, type WebhookSender } from './sender.ts';
import { isoAt } from '../time.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `announceJob`: a job ended; its deliveries are made and sent (in the background, errors
     * logged). `sweep`: announces what ended in the last hour without deliveries (run every 10 s).
     */
    webhooks: { announce: Announcer; sender: WebhookSender; secrets: WebhookSecrets; announceJob(jobId: string): void; sweep(): Promise<void>; idle(): Promise<void> };
  }
}

const SWEEP_MS = 10_000;
/** The sweep looks this far back for jobs that ended without their deliveries. */
const SWEEP_WINDOW_MS = 60 * 60_000;
const SWEEP_LIMIT = 200;

/** After jobsPlugin. */
export const developerPlugin = globalPlugin(async (app) => {
  const announce = announcer(app.db, () => app.now(), app.log, (key) => app.storage.url(key));
  const secrets = webhookSecrets(app.db, app.config, app.log.child({ component: 'webhooks' }));
  const sender = webhookSender({
    db: app.db,
    log: app.log.child({ component: 'webhooks' }),
    now: () => app.now(),
    retryMs: app.config.developer.webhookRetryMs,
    allowHosts: app.config.generation.fetchAllowHosts,
    allowHttp: app.config.developer.webhookAllowHttp,
    openSecret: secrets.open,
  });
  const repo = webhooksRepository(app.db);

  /** Announcements under way, so idle() can wait for them. */
  const announcing = new Set<Promise<unknown>>();
  const announceJob = (jobId: string): void => {
    const run: Promise<unknown> = announce
      .job(jobId)
      .then((added) => added > 0 && sender.wake())
      .catch((err: unknown) => app.log.error({ err, jobId }, 'webhooks: could not announce a job'))
      .finally(() => announcing.delete(run));
    announcing.add(run);
  };
  app.jobs.onSettled(announceJob);

  let sweeping: Promise<void> | null = null;
  function sweep(): Promise<void> {
    sweeping ??= sweepOnce().finally(() => (sweeping = null));
    return sweeping;
  }
  async function sweepOnce(): Promise<void> {
    try {
      const ids = await repo.unannouncedJobs(isoAt(app.now() - SWEEP_WINDOW_MS), SWEEP_LIMIT);
      let added = 0;
      for (const id of ids) added += await announce.job(id);
      if (added > 0) sender.wake();
    } catch (err) {
      app.log.error({ err }, 'webhooks: sweep failed');
    }
  }

  /** Announcements and a sweep under way have made their deliveries, and the sender is idle. */
  async function idle(): Promise<void> {
    while (announcing.size > 0 || sweeping) await Promise.allSettled([...announcing, sweeping]);
    await sender.idle();
  }

  app.decorate('webhooks', { announce, sender, secrets, announceJob, sweep, idle });

  let sweepTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Before the first delivery: every secret readable under the current key.
    await secrets.resealAll();
    sender.start();
    void sweep();
    sweepTimer = setInterval(() => void sweep(), SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    await sender.stop();
  });
});
