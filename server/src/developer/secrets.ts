// Webhook signing secrets at rest (issue 40): sealed under the server secret (auth/secret-box.ts),
// bound to their endpoint's id. At start every secret not sealed under the current key (one kept
// in clear by an older version, or sealed under JWT_SECRET_PREVIOUS) is sealed again.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/index.ts';
import { WEBHOOK_SECRET_PREFIX } from '../../../contract/developer.ts';
import { isSealed, secretBox } from '../auth/secret-box.ts';
import type { Db } from '../db/index.ts';
import { webhooksRepository } from '../db/repositories/webhooks.ts';

export interface WebhookSecrets {
  seal(secret: string, endpointId: string): string;
  open(sealed: string, endpointId: string): string | null;
  /** Seals again what is not sealed under the current key; logs what it did and what it could not read. */
  resealAll(): Promise<void>;
}

export function webhookSecrets(db: Db, config: Pick<Config, 'jwtSecret' | 'jwtSecretPrevious'>, log: FastifyBaseLogger): WebhookSecrets {
  const box = secretBox('webhook signing secret', config.jwtSecret, config.jwtSecretPrevious);
  const repo = webhooksRepository(db);
  return {
    seal: (secret, endpointId) => box.seal(secret, endpointId),
    open: (sealed, endpointId) => box.open(sealed, endpointId),
    async resealAll() {
      const changes: Array<{ id: string; from: string; to: string }> = [];
      let unreadable = 0;
      for (const { id, secret } of await repo.allSecrets()) {
        if (box.isCurrent(secret)) continue;
        const plain = isSealed(secret) ? box.open(secret, id) : secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret : null;
        if (plain === null) unreadable += 1;
        else changes.push({ id, from: secret, to: box.seal(plain, id) });
      }
      const sealed = await repo.replaceSecrets(changes);
      if (sealed > 0) log.info({ sealed }, 'webhook signing secrets sealed under the current server secret');
      if (unreadable > 0) {
        log.error({ unreadable }, 'webhook signing secrets sealed under another server secret: set JWT_SECRET_PREVIOUS to it (their deliveries fail until then)');
      } else if (config.jwtSecretPrevious) {
        log.info('no webhook signing secret is sealed under JWT_SECRET_PREVIOUS any more: it can be removed');
      }
    },
  };
}
