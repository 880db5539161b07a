import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkDatabase, migrateToLatest } from '../../server/src/db/index.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';
import { plansRepository } from '../../server/src/db/repositories/plans.ts';
import { isUniqueViolation, newId, nowIso } from '../../server/src/db/util.ts';
import { engines, migratingSafely, useTestDatabase } from './support/db.ts';

const TABLES = [
  'api_key_failures', 'api_keys', 'batches', 'billing_addresses', 'characters', 'consents', 'contact_messages', 'feedback', 'gallery_versions', 'grants', 'job_consents', 'job_files', 'job_run_times', 'jobs', 'login_failures', 'media_deletions', 'media_items', 'newsletter_subscriptions',
  'otp_codes', 'password_reset_tokens', 'payment_events', 'pending_signups', 'plans', 'refresh_tokens', 'sandbox_subscriptions', 'subscriptions', 'user_files', 'users',
  'webhook_deliveries', 'webhook_endpoints',
];

describe.each(engines)('data layer on %s', (engine) => {
  describe('from an empty database', () => {
    const database = useTestDatabase(engine, { migrate: false });

    it('migrates up to the latest version, once', async () => {
      const { db } = database.current;
      expect(await migratingSafely(database.current, () => migrateToLatest(db))).toEqual(Object.keys(migrations));
      expect(await migratingSafely(database.current, () => migrateToLatest(db))).toEqual([]);
      const tables = await migratingSafely(database.current, () => db.introspection.getTables());
      const schema = engine === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
      const ours = tables.filter((t) => !schema || t.schema === schema).map((t) => t.name).sort();
      expect(ours).toEqual(TABLES);
    });
  });

  describe('once migrated', () => {
    const database = useTestDatabase(engine);

    async function addUser(email = 'ana@example.com'): Promise<string> {
      const id = newId();
      const now = nowIso();
      await database.current.db
        .insertInto('users')
        .values({ id, email, name: 'Ana', password_hash: null, google_sub: null, created_at: now, updated_at: now })
        .execute();
      return id;
    }

    it('answers the health probe, and not once destroyed', async () => {
      expect(await checkDatabase(database.current.db)).toBe(true);
      await database.current.destroy();
      expect(await checkDatabase(database.current.db)).toBe(false);
    });

    it('seeds the three paid plans of the spec, cheapest first', async () => {
      const plans = await plansRepository(database.current.db).list();
      expect(plans.map((p) => [p.id, p.price_inr_paise / 100, p.list_price_inr_paise / 100, p.price_usd_cents, p.face_limit, p.image_limit, p.video_limit])).toEqual([
        ['basic', 999, 1999, 1299, 3, 15, 5],
        ['advanced', 1999, 3999, 2499, 5, 35, 10],
        ['premium', 2999, 5999, 3999, 6, 80, 15],
      ]);
      expect(plans[0]?.features.length).toBeGreaterThan(0);
      expect(await plansRepository(database.current.db).findByAnyId('advanced')).toMatchObject({ name: 'Advanced' });
    });

    it('applies defaults and returns integers as numbers', async () => {
      const { db } = database.current;
      const userId = await addUser();
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ email_verified: 0, receive_comms: 0, guide_tour_face_seen: 0 });
      const now = nowIso();
      await db
        .insertInto('media_items')
        .values({ id: newId(), user_id: userId, job_id: null, kind: 'video', gender: 'female', url: '/media/x.mp4', storage_key: 'x.mp4', mime: 'video/mp4', bytes: 5_000_000_000, face_prompt: null, created_at: now })
        .execute();
      const media = await db.selectFrom('media_items').select(['bytes']).executeTakeFirstOrThrow();
      expect(media.bytes).toBe(5_000_000_000);
      const { count } = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(count).toBe(1);
    });

    it('keeps emails unique and lower case', async () => {
      await addUser('ana@example.com');
      const duplicate = await addUser('ana@example.com').catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
      await expect(addUser('Ben@Example.com')).rejects.toThrow();
    });

    it('allows one job per idempotency key per user, and any number without a key', async () => {
      const { db } = database.current;
      const userId = await addUser();
      const job = (key: string | null) => {
        const now = nowIso();
        return db
          .insertInto('jobs')
          .values({ id: newId(), user_id: userId, kind: 'face', status: 'queued', input: '{}', idempotency_key: key, created_at: now, updated_at: now })
          .execute();
      };
      await job(null);
      await job(null);
      await job('k1');
      const duplicate = await job('k1').catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
    });

    it('rejects values outside the checked sets', async () => {
      const { db } = database.current;
      const userId = await addUser();
      const now = nowIso();
      await expect(
        db.insertInto('feedback').values({ id: newId(), user_id: userId, rating: 6, description: '', created_at: now }).execute(),
      ).rejects.toThrow();
      await expect(
        db.insertInto('jobs').values({ id: newId(), user_id: userId, kind: 'face', status: 'paused' as 'queued', input: '{}', idempotency_key: null, created_at: now, updated_at: now }).execute(),
      ).rejects.toThrow();
    });

    it('deletes a user\'s rows with the user', async () => {
      const { db } = database.current;
      const userId = await addUser();
      const otherId = await addUser('other@example.com');
      const now = nowIso();
      const jobId = newId();
      await db.insertInto('jobs').values({ id: jobId, user_id: userId, kind: 'image', status: 'succeeded', input: '{}', idempotency_key: null, created_at: now, updated_at: now }).execute();
      await db.insertInto('media_items').values({ id: newId(), user_id: userId, job_id: jobId, kind: 'image', gender: null, url: '/media/a.png', storage_key: 'a.png', mime: 'image/png', bytes: 10, face_prompt: null, created_at: now }).execute();
      await db.insertInto('refresh_tokens').values({ id: newId(), user_id: userId, family_id: newId(), token_hash: 'h1', expires_at: now, revoked_at: null, replaced_by: null, created_at: now }).execute();
      await db.insertInto('feedback').values({ id: newId(), user_id: userId, rating: 5, description: 'Great', created_at: now }).execute();
      await db.insertInto('billing_addresses').values({ id: newId(), user_id: userId, email: 'ana@example.com', full_name: 'Ana', phone_number: '9999999999', address: 'Street 1', city: null, pincode: '380001', country: 'IN', state: null, created_at: now, updated_at: now }).execute();
      await db.insertInto('subscriptions').values({ id: newId(), user_id: userId, plan_id: 'basic', provider: 'sandbox', provider_subscription_id: 'sub_1', status: 'active', current_period_start: now, current_period_end: now, cancel_at: null, created_at: now, updated_at: now }).execute();
      await db.insertInto('feedback').values({ id: newId(), user_id: otherId, rating: 4, description: 'Fine', created_at: now }).execute();

      await db.deleteFrom('users').where('id', '=', userId).execute();

      for (const table of ['jobs', 'media_items', 'refresh_tokens', 'billing_addresses', 'subscriptions'] as const) {
        expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
      expect(await db.selectFrom('feedback').select('user_id').execute()).toEqual([{ user_id: otherId }]);
    });

    it('ignores a replayed payment event by its unique (provider, event_id)', async () => {
      const { db } = database.current;
      const event = () => db.insertInto('payment_events').values({ id: newId(), provider: 'paypal', event_id: 'WH-1', type: 'PAYMENT.SALE.COMPLETED', payload: '{}', created_at: nowIso() }).execute();
      await event();
      expect(isUniqueViolation(await event().catch((e: unknown) => e))).toBe(true);
    });
  });
});
