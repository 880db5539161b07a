// Every statement on webhook_endpoints and webhook_deliveries. Deliveries are claimed as jobs are
// (repositories/jobs.ts): pick due candidates, then take each with an UPDATE whose WHERE repeats the
// due condition, so only one process's update can match; the lease is the time an attempt may take.
import '../developer-schema.ts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../schema.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../developer-schema.ts';
import type { Db } from '../index.ts';
import { isPostgres, newId } from '../util.ts';
import { FINAL_JOB_STATUSES } from '../../../../contract/job-status.ts';

export type EndpointRow = WebhookEndpointsTable;
export type DeliveryRow = WebhookDeliveriesTable;
export type ClaimedDelivery = DeliveryRow & { url: string; secret: string; disabled_at: string | null };

/** Pending, due, and not leased (or its lease lapsed: the process sending it is gone). */
const isDue = (now: string) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])]);

export function webhooksRepository(db: Db) {
  return {
    async createEndpoint(row: Omit<EndpointRow, 'disabled_at'>): Promise<EndpointRow> {
      const full = { ...row, disabled_at: null };
      await db.insertInto('webhook_endpoints').values(full).execute();
      return full;
    },

    /** Every endpoint's id and stored secret (for sealing them again at start). */
    allSecrets: (): Promise<Array<Pick<EndpointRow, 'id' | 'secret'>>> => db.selectFrom('webhook_endpoints').select(['id', 'secret']).execute(),

    /**
     * Stores each endpoint's secret anew where it is still what was read (another process may have
     * done it first). On SQLite the replaced text is zeroed in the file and the WAL emptied, so no
     * earlier form of a secret stays on disk; answers how many rows changed.
     */
    async replaceSecrets(changes: ReadonlyArray<{ id: string; from: string; to: string }>): Promise<number> {
      if (changes.length === 0) return 0;
      const sqlite = !isPostgres(db);
      if (sqlite) await sql`pragma secure_delete = on`.execute(db);
      try {
        let changed = 0;
        for (const { id, from, to } of changes) {
          const result = await db.updateTable('webhook_endpoints').set({ secret: to }).where('id', '=', id).where('secret', '=', from).executeTakeFirst();
          changed += Number(result.numUpdatedRows);
        }
        return changed;
      } finally {
        if (sqlite) {
          await sql`pragma secure_delete = off`.execute(db);
          await sql`pragma wal_checkpoint(truncate)`.execute(db);
        }
      }
    },

    endpoints: (userId: string): Promise<EndpointRow[]> =>
      db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),

    endpointOf: (userId: string, id: string): Promise<EndpointRow | undefined> =>
      db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

    /** Deletes the user's endpoint and its deliveries; false when it is not theirs. */
    async deleteEndpoint(userId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const own = await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        if (!own) return false;
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
        return true;
      });
    },

    disableEndpoint: async (id: string, now: string): Promise<void> => {
      await db.updateTable('webhook_endpoints').set({ disabled_at: now }).where('id', '=', id).where('disabled_at', 'is', null).execute();
    },

    /** The newest delivery of each of the endpoints (for the list). */
    async lastDeliveries(endpointIds: readonly string[]): Promise<Map<string, DeliveryRow>> {
      if (endpointIds.length === 0) return new Map();
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', 'in', endpointIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const last = new Map<string, DeliveryRow>();
      for (const row of rows) if (!last.has(row.endpoint_id)) last.set(row.endpoint_id, row);
      return last;
    },

    deliveries: (endpointId: string, limit: number): Promise<DeliveryRow[]> =>
      db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),

    /**
     * One pending delivery of `event` about `subject` to each of the user's live endpoints that
     * asks for it and existed when it happened; an event announced again adds nothing (unique key).
     */
    async enqueue(userId: string, event: string, subject: string, body: string, happenedAt: string, now: string): Promise<number> {
      const endpoints = await db
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('user_id', '=', userId)
        .where('disabled_at', 'is', null)
        .where('created_at', '<=', happenedAt)
        .execute();
      const wanted = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(event));
      if (wanted.length === 0) return 0;
      const result = await db
        .insertInto('webhook_deliveries')
        .values(wanted.map((e) => ({ id: `msg_${newId().replace(/-/g, '')}`, endpoint_id: e.id, event, subject, body, status: 'pending' as const, attempts: 0, next_at: now, lease_until: null, lease_owner: null, response_status: null, last_error: null, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.columns(['endpoint_id', 'subject', 'event']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** One pending delivery of a test event to one endpoint (each test its own subject); its id. */
    async enqueueTest(endpointId: string, event: string, body: string, now: string): Promise<string> {
      const id = `msg_${newId().replace(/-/g, '')}`;
      await db
        .insertInto('webhook_deliveries')
        .values({ id, endpoint_id: endpointId, event, subject: `test:${id}`, body, status: 'pending', attempts: 0, next_at: now, lease_until: null, lease_owner: null, response_status: null, last_error: null, created_at: now, updated_at: now })
        .execute();
      return id;
    },

    /**
     * Jobs of users with a live endpoint that ended since `since`, after the endpoint was made, and
     * of which no endpoint of the user has a delivery yet: announced again by the sweep (a process
     * that stopped between a job's end and its announcement, a queued job canceled by a request).
     */
    unannouncedJobs: async (since: string, limit: number): Promise<string[]> =>
      (
        await db
          .selectFrom('jobs')
          .innerJoin('webhook_endpoints as e', 'e.user_id', 'jobs.user_id')
          .select('jobs.id')
          .distinct()
          .where('e.disabled_at', 'is', null)
          .where('jobs.finished_at', '>=', since)
          .whereRef('jobs.finished_at', '>=', 'e.created_at')
          .where('jobs.status', 'in', FINAL_JOB_STATUSES)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('webhook_deliveries as d')
                  .innerJoin('webhook_endpoints as e2', 'e2.id', 'd.endpoint_id')
                  .select('d.id')
                  .whereRef('e2.user_id', '=', 'jobs.user_id')
                  // || joins text on both engines (Postgres cannot type a bound parameter given to concat()).
                  .where('d.subject', '=', sql<string>`${sql.lit('job:')} || ${sql.ref('jobs.id')}`),
              ),
            ),
          )
          .limit(limit)
          .execute()
      ).map((r) => r.id),

    /** Takes up to `limit` due deliveries for `owner` until `leaseUntil`, with their endpoint's URL and secret. */
    async claim(owner: string, now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
      const candidates = await db.selectFrom('webhook_deliveries').select('id').where(isDue(now)).orderBy('next_at').limit(limit).execute();
      const claimed: ClaimedDelivery[] = [];
      for (const { id } of candidates) {
        const taken = await db.updateTable('webhook_deliveries').set({ lease_owner: owner, lease_until: leaseUntil, updated_at: now }).where('id', '=', id).where(isDue(now)).returning('id').executeTakeFirst();
        if (!taken) continue;
        const row = await db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
          .selectAll('webhook_deliveries')
          .select(['webhook_endpoints.url', 'webhook_endpoints.secret', 'webhook_endpoints.disabled_at'])
          .where('webhook_deliveries.id', '=', id)
          .executeTakeFirst();
        if (row) claimed.push(row);
      }
      return claimed;
    },

    /** Records an attempt's outcome, only while the delivery is still leased to `owner`. */
    async settle(id: string, owner: string, outcome: { status: DeliveryRow['status']; attempts: number; nextAt: string; responseStatus: number | null; error: string | null }, now: string): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: outcome.status, attempts: outcome.attempts, next_at: outcome.nextAt, response_status: outcome.responseStatus, last_error: outcome.error, lease_owner: null, lease_until: null, updated_at: now })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives a leased delivery back untouched (the process stops mid-attempt). */
    release: async (owner: string): Promise<void> => {
      await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_until: null }).where('lease_owner', '=', owner).where('status', '=', 'pending').execute();
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
