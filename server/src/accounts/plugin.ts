import { globalPlugin } from '../plugins/global-plugin.ts';
import { accountService, type AccountService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
  }
}

/** `app.accounts`, the accounts service. After auth, billing, storage and jobs (it uses their parts). */
export const accountsPlugin = globalPlugin(async (app) => {
  app.decorate(
    'accounts',
    accountService({
      db: app.db,
      now: () => app.now(),
      config: app.config,
      log: app.log,
      mailer: app.mailer,
      verifyGoogleCredential: app.verifyGoogleCredential,
      entitlements: app.billing.entitlements,
      subscriptions: app.billing.subscriptions,
      storage: app.storage,
      files: app.jobs.files,
    }),
  );
});
