import { describe, expect, it } from 'vitest';
import { accountsApp } from './support/accounts.ts';
import { engines, useTestDatabase } from './support/db.ts';

describe.each(engines)('sessions on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('rotates refresh tokens, and a reused one revokes its whole family', async () => {
    const t = await accountsApp(database.current);
    const first = await t.signUp('rot@example.com');
    const other = (await t.post('/api/manual_login/', { email: 'rot@example.com', password: 'secret-pass' })).json();

    let res = await t.post('/api/refresh/', { refresh_token: first.refresh });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.access).toEqual(expect.any(String));
    expect(second.refresh).not.toBe(first.refresh);
    const row = await database.current.db.selectFrom('refresh_tokens').selectAll().where('replaced_by', 'is not', null).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(first.refresh);

    res = await t.post('/api/refresh/', { refresh_token: second.refresh });
    expect(res.statusCode).toBe(200);
    const third = res.json();

    // The first token again: it leaked; the family (second, third) is revoked.
    res = await t.post('/api/refresh/', { refresh_token: first.refresh });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual(expect.any(String));
    expect((await t.post('/api/refresh/', { refresh_token: third.refresh })).statusCode).toBe(401);
    // Another sign-in (another family) is untouched.
    expect((await t.post('/api/refresh/', { refresh_token: other.refresh })).statusCode).toBe(200);
    expect((await t.post('/api/refresh/', { refresh_token: 'never-issued' })).statusCode).toBe(401);
    await t.app.close();
  });

  it('lets only one of two parallel refreshes of the same token win, and treats the other as reuse', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('race@example.com');
    const answers = await Promise.all([1, 2].map(() => t.post('/api/refresh/', { refresh_token: s.refresh })));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(1);
    // Whatever won, the family is revoked now: its newest token is dead too.
    for (const r of ok) expect((await t.post('/api/refresh/', { refresh_token: r.json().refresh })).statusCode).toBe(401);
    await t.app.close();
  });

  it('expires refresh tokens after 30 days and logs out a family', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('exp@example.com');
    const other = (await t.post('/api/manual_login/', { email: 'exp@example.com', password: 'secret-pass' })).json();
    let res = await t.post('/api/logout/', { refresh_token: s.refresh });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.post('/api/logout/', { refresh_token: 'unknown' })).statusCode).toBe(204);
    expect((await t.post('/api/refresh/', { refresh_token: s.refresh })).statusCode).toBe(401);
    t.clock.advance(30 * 24 * 3600_000 + 1000);
    res = await t.post('/api/refresh/', { refresh_token: other.refresh });
    expect(res.statusCode).toBe(401);
    await t.app.close();
  });

  it('accepts an access token for 15 minutes, and only for its own user_id', async () => {
    const t = await accountsApp(database.current);
    const s = await t.signUp('acc@example.com');
    const userId = s.profile.user_id;
    let res = await t.post('/api/get_profiles/', { user_id: userId }, s.access);
    expect(res.statusCode).toBe(200);

    res = await t.post('/api/get_profiles/', { user_id: 'someone-else' }, s.access);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Forbidden' });

    for (const token of [undefined, 'garbage', `${s.access}x`]) {
      res = await t.post('/api/get_profiles/', { user_id: userId }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required.' });
    }
    // Signed with another secret.
    const forged = s.access.split('.').slice(0, 2).join('.') + '.' + 'A'.repeat(43);
    expect((await t.post('/api/get_profiles/', { user_id: userId }, forged)).statusCode).toBe(401);

    t.clock.advance(14 * 60_000);
    expect((await t.post('/api/get_profiles/', { user_id: userId }, s.access)).statusCode).toBe(200);
    t.clock.advance(61_000);
    res = await t.post('/api/get_profiles/', { user_id: userId }, s.access);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    // A refreshed access token works again.
    const fresh = (await t.post('/api/refresh/', { refresh_token: s.refresh })).json();
    expect((await t.post('/api/get_profiles/', { user_id: userId }, fresh.access)).statusCode).toBe(200);
    await t.app.close();
  });

  it('serves the public app config', async () => {
    const t = await accountsApp(database.current);
    expect((await t.app.inject({ method: 'GET', url: '/api/app_config/' })).json()).toEqual({ google_client_id: null });
    await t.app.close();
    const g = await accountsApp(database.current, { GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' });
    expect((await g.app.inject({ method: 'GET', url: '/api/app_config' })).json()).toEqual({ google_client_id: 'abc.apps.googleusercontent.com' });
    await g.app.close();
  });
});
