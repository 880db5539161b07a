import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../server/src/db/util.ts';
import { accountsApp } from './support/accounts.ts';
import { engines, useTestDatabase } from './support/db.ts';

const DAY = 24 * 3600_000;

describe.each(engines)('profile, feedback and account deletion on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('reads and updates the profile, with the track status of the active subscription', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('pro@example.com', 'secret-pass', 'Pro User');
    const user_id = s.profile.user_id;
    let res = await t.post('/api/get_profiles/', { user_id }, s.access);
    expect(res.json()).toEqual({ profile: { name: 'Pro User', email: 'pro@example.com', receive_comms: false }, track_status: { days_left: 0, end_date: null } });

    const now = new Date(t.clock.now()).toISOString();
    const end = new Date(t.clock.now() + 10 * DAY - 3600_000).toISOString();
    await database.current.db.insertInto('subscriptions').values({ id: newId(), user_id, plan_id: 'basic', provider: 'sandbox', provider_subscription_id: 'sub_old', status: 'expired', current_period_start: now, current_period_end: new Date(t.clock.now() + 99 * DAY).toISOString(), cancel_at: null, created_at: now, updated_at: now }).execute();
    await database.current.db.insertInto('subscriptions').values({ id: newId(), user_id, plan_id: 'basic', provider: 'sandbox', provider_subscription_id: 'sub_1', status: 'active', current_period_start: now, current_period_end: end, cancel_at: null, created_at: now, updated_at: now }).execute();
    res = await t.post('/api/get_profiles/', { user_id }, s.access);
    expect(res.json().track_status).toEqual({ days_left: 10, end_date: end });

    res = await t.post('/api/update_profile/', { user_id, name: '  New Name ', receive_comms: true }, s.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', profile: { name: 'New Name', email: 'pro@example.com', receive_comms: true } });
    res = await t.post('/api/update_profile/', { user_id, receive_comms: false }, s.access);
    expect(res.json().profile).toEqual({ name: 'New Name', email: 'pro@example.com', receive_comms: false });
    res = await t.post('/api/update_profile/', { user_id, name: 'me@home' }, s.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Name cannot contain '@'.", field: 'name' });
    expect((await t.post('/api/update_profile/', { user_id, name: 'x'.repeat(81) }, s.access)).json().field).toBe('name');
    expect((await t.post('/api/update_profile/', { user_id: 'other', name: 'Hacker' }, s.access)).statusCode).toBe(403);
    expect((await t.post('/api/update_profile/', { user_id, name: 'Anon' })).statusCode).toBe(401);
    await t.app.close();
  });

  it('stores feedback and validates rating and description', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('fb@example.com');
    const user_id = s.profile.user_id;
    let res = await t.post('/api/feedbacks/', { user_id, rating: 4, description: 'Lovely faces' }, s.access);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'success' });
    expect((await t.post('/api/feedbacks/', { user_id, rating: 5, description: '' }, s.access)).statusCode).toBe(201);
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: 'five' }, {}, { rating: 3, description: 'x'.repeat(2001) }]) {
      res = await t.post('/api/feedbacks/', { user_id, description: 'ok', ...bad }, s.access);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().field).toBe('rating' in bad && bad.rating === 3 ? 'description' : 'rating');
    }
    expect((await t.post('/api/feedbacks/', { user_id: 'someone', rating: 5, description: '' }, s.access)).statusCode).toBe(403);
    expect((await t.post('/api/feedbacks/', { user_id, rating: 5, description: '' })).statusCode).toBe(401);
    const rows = await database.current.db.selectFrom('feedback').select(['user_id', 'rating', 'description']).orderBy('rating').execute();
    expect(rows).toEqual([{ user_id, rating: 4, description: 'Lovely faces' }, { user_id, rating: 5, description: '' }]);
    await t.app.close();
  });

  it('remembers guide tours', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('tour@example.com');
    expect((await t.post('/api/tour-complete/', { section: 'image' }, s.access)).statusCode).toBe(200);
    expect((await t.post('/api/tour-complete/', { section: 'hat' }, s.access)).json().field).toBe('section');
    expect((await t.post('/api/tour-complete/', { section: 'face' })).statusCode).toBe(401);
    const res = await t.post('/api/manual_login/', { email: 'tour@example.com', password: 'secret-pass' });
    expect(res.json()).toMatchObject({ guide_tour_image_seen: true, guide_tour_face_seen: false, profile: { guide_tour_image_seen: true } });
    await t.app.close();
  });

  it('deletes the account, its rows, sessions and media files', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('del@example.com');
    const keep = await t.signUp('keep@example.com');
    const user_id = s.profile.user_id;
    const { db } = database.current;
    const now = new Date(t.clock.now()).toISOString();
    mkdirSync(join(t.config.mediaDir, 'users', user_id), { recursive: true });
    const file = join(t.config.mediaDir, 'users', user_id, 'face.png');
    const outside = join(t.config.dataDir, 'not-media.txt');
    writeFileSync(file, 'png');
    writeFileSync(outside, 'keep me');
    await db.insertInto('media_items').values({ id: newId(), user_id, job_id: null, kind: 'face', gender: 'female', url: `/media/users/${user_id}/face.png`, storage_key: `users/${user_id}/face.png`, mime: 'image/png', bytes: 3, face_prompt: null, created_at: now }).execute();
    await db.insertInto('media_items').values({ id: newId(), user_id, job_id: null, kind: 'image', gender: null, url: '/x', storage_key: '../not-media.txt', mime: 'text/plain', bytes: 3, face_prompt: null, created_at: now }).execute();
    await db.insertInto('subscriptions').values({ id: newId(), user_id, plan_id: 'basic', provider: 'sandbox', provider_subscription_id: 'sub_del', status: 'active', current_period_start: now, current_period_end: now, cancel_at: null, created_at: now, updated_at: now }).execute();
    await t.post('/api/feedbacks/', { user_id, rating: 5, description: 'bye' }, s.access);

    // The two items moved the user's gallery version (a row of its own, 0019), which goes with the account.
    expect(await db.selectFrom('gallery_versions').select('version').where('user_id', '=', user_id).execute()).toEqual([{ version: 2 }]);

    let res = await t.post('/api/delete-profile/', { user_id, email: 'wrong@example.com' }, s.access);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('email');
    expect((await t.post('/api/delete-profile/', { user_id: keep.profile.user_id, email: 'keep@example.com' }, s.access)).statusCode).toBe(403);

    res = await t.post('/api/delete-profile/', { user_id, email: 'DEL@example.com' }, s.access);
    expect(res.statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(outside)).toBe(true);
    for (const table of ['media_items', 'gallery_versions', 'subscriptions', 'feedback', 'refresh_tokens'] as const) {
      expect(await db.selectFrom(table).selectAll().where('user_id', '=', user_id).execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'keep@example.com' }]);
    expect(await db.selectFrom('otp_codes').selectAll().where('email', '=', 'del@example.com').execute()).toEqual([]);
    // The still-unexpired access token and the refresh token open nothing any more.
    expect((await t.post('/api/get_profiles/', { user_id }, s.access)).statusCode).toBe(401);
    expect((await t.post('/api/refresh/', { refresh_token: s.refresh })).statusCode).toBe(401);
    expect((await t.post('/api/manual_login/', { email: 'del@example.com', password: 'secret-pass' })).statusCode).toBe(404);
    expect((await t.post('/api/get_profiles/', { user_id: keep.profile.user_id }, keep.access)).statusCode).toBe(200);
    await t.app.close();
  });
});

describe('development mailbox', () => {
  const database = useTestDatabase('sqlite');

  it('lists the outbox, escaped, newest first, outside production and only to this machine', async () => {
    const t = await accountsApp(database.current, { NODE_ENV: 'development', DEV_MAILBOX: 'true' });
    await t.post('/api/create_profile/', { email: 'mail@example.com', name: '<b>Bold</b>', password: 'secret-pass' });
    await t.post('/api/send_otp/', { email: 'mail@example.com' });
    await t.app.mailer.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'a & b' });
    let res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('a &amp; b');
    expect(res.body.indexOf('x@example.com')).toBeLessThan(res.body.indexOf('mail@example.com'));
    expect(res.body).toContain(await t.lastOtp('mail@example.com'));

    res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.json().messages.map((m: { to: string }) => m.to)).toEqual(['x@example.com', 'mail@example.com']);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    await t.app.close();

    const prod = await accountsApp(database.current, { NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' });
    expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    await prod.app.close();
  });
});
