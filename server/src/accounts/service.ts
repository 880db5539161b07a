// Deleting an account: renewing subscriptions are cancelled at their providers first (a failure
// there is logged, never blocks the deletion), then every session, code and row of the user goes in
// one transaction (their consents to use outside media included; ON DELETE CASCADE takes the
// rest), then their media files, uploads and link copies. Files after the rows: a crash in between
// leaves orphan files (the user-files sweep, server/src/storage/user-files.ts, deletes what is
// left), never rows pointing at nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { consentsRepository } from '../db/repositories/consents.ts';
import { loginFailuresRepository } from '../db/repositories/login-failures.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import { otpRepository } from '../db/repositories/otp.ts';
import { subscriptionsRepository } from '../db/repositories/subscriptions.ts';
import { tokensRepository } from '../db/repositories/tokens.ts';
import { usersRepository } from '../db/repositories/users.ts';
import type { User } from '../db/schema.ts';
import type { MediaStorage } from '../storage/types.ts';

export interface AccountDeps {
  db: Db;
  /** Cancels the user's subscriptions at their providers (billing/subscriptions.ts). */
  subscriptions: { cancelAll(userId: string): Promise<void> };
  storage: Pick<MediaStorage, 'delete'>;
  /** The user's uploads and link copies (storage/user-files.ts). */
  files: { discardAllOf(userId: string): Promise<unknown> };
  log: FastifyBaseLogger;
}

export function accountService(deps: AccountDeps) {
  const { db, log } = deps;
  return {
    async delete(user: Pick<User, 'id' | 'email'>, now: string): Promise<void> {
      await deps.subscriptions.cancelAll(user.id);
      const mediaKeys = await mediaRepository(db).keysOfUser(user.id);
      await db.transaction().execute(async (trx) => {
        await subscriptionsRepository(trx).cancelAllOf(user.id, now);
        await tokensRepository(trx).revokeAllForUser(user.id, now);
        await otpRepository(trx).deleteForEmail(user.email);
        await loginFailuresRepository(trx).clear(user.email);
        await consentsRepository(trx).deleteAllOf(user.id);
        await usersRepository(trx).delete(user.id);
      });
      for (const key of mediaKeys) {
        await deps.storage.delete(key).catch((err: unknown) => log.error({ err, storage_key: key }, 'could not delete a media object'));
      }
      await deps.files.discardAllOf(user.id);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
