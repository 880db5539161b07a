import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApp } from './support/accounts.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { FAKE_GOOGLE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from './support/fake-google.ts';

describe.each(engines)('Google sign-in on %s', (engine) => {
  const database = useTestDatabase(engine);
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(() => google.close());

  const googleApp = () => accountsApp(database.current, { GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });

  it('sends an unknown user on to sign-up with the verified identity, then creates a verified account', async () => {
    const t = await googleApp();
    const credential = await google.idToken({}, { nowMs: t.clock.now() });
    let res = await t.post('/api/login_profile_with_google/', { credential, email: 'attacker@example.com', name: 'Not Maya' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No user found with this email.', email: 'maya.google@example.com', name: 'Maya Rao' });

    res = await t.post('/api/create_profile/', { credential, email: 'attacker@example.com', name: 'Maya Rao', google_password: 'ignored' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: 'success', access: expect.any(String), refresh: expect.any(String), profile: { email: 'maya.google@example.com', name: 'Maya Rao' } });
    const user = await database.current.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'maya.google@example.com', email_verified: 1, google_sub: '1098765432101234567890', password_hash: null });
    // No OTP was needed or sent.
    expect(await database.current.db.selectFrom('otp_codes').selectAll().execute()).toEqual([]);

    res = await t.post('/api/login_profile_with_google/', { credential });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { user_id: user.id }, guide_tour_face_seen: false, access: expect.any(String) });
    // A Google-only account has no password to log in with.
    expect((await t.post('/api/manual_login/', { email: 'maya.google@example.com', password: 'anything' })).statusCode).toBe(400);
    await t.app.close();
  });

  it('links a verified email account to its Google identity', async () => {
    const t = await googleApp();
    const s = await t.signUp('maya.google@example.com', 'secret-pass', 'Maya');
    const res = await t.post('/api/login_profile_with_google/', { credential: await google.idToken({}, { nowMs: t.clock.now() }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.user_id).toBe(s.profile.user_id);
    const user = await database.current.db.selectFrom('users').select('google_sub').executeTakeFirstOrThrow();
    expect(user.google_sub).toBe('1098765432101234567890');
    await t.app.close();
  });

  it('replaces an unverified sign-up (its password was never proven) when Google creates the account', async () => {
    const t = await googleApp();
    await t.post('/api/create_profile/', { email: 'maya.google@example.com', name: 'Squatter', password: 'squatter-pass' });
    const credential = await google.idToken({}, { nowMs: t.clock.now() });
    expect((await t.post('/api/login_profile_with_google/', { credential })).statusCode).toBe(404);
    expect((await t.post('/api/create_profile/', { credential })).statusCode).toBe(201);
    const users = await database.current.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ name: 'Maya Rao', password_hash: null, email_verified: 1 });
    expect(await database.current.db.selectFrom('pending_signups').selectAll().execute()).toEqual([]);
    await t.app.close();
  });

  it('rejects tokens with the wrong audience, issuer, key, expiry or an unverified email', async () => {
    const t = await googleApp();
    const nowMs = t.clock.now();
    const bad = [
      await google.idToken({ aud: 'someone-else.apps.googleusercontent.com' }, { nowMs }),
      await google.idToken({ iss: 'https://evil.example.com' }, { nowMs }),
      await google.idToken({}, { nowMs: nowMs - 2 * 3600_000 }),
      await google.idToken({ email_verified: false }, { nowMs }),
      await google.idToken({}, { nowMs, key: 'stranger' }),
      'not-a-jwt',
    ];
    for (const credential of bad) {
      const res = await t.post('/api/login_profile_with_google/', { credential });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Google sign-in could not be verified.');
      expect((await t.post('/api/create_profile/', { credential })).statusCode).toBe(401);
    }
    // The bare issuer form is Google's too.
    expect((await t.post('/api/login_profile_with_google/', { credential: await google.idToken({ iss: 'accounts.google.com' }, { nowMs }) })).statusCode).toBe(404);
    expect(await database.current.db.selectFrom('users').selectAll().execute()).toEqual([]);
    await t.app.close();
  });

  it('answers 404 when Google sign-in is not configured', async () => {
    const t = await accountsApp(database.current);
    const credential = await google.idToken({}, { nowMs: t.clock.now() });
    const res = await t.post('/api/login_profile_with_google/', { credential });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Google sign-in is not configured.');
    expect((await t.post('/api/create_profile/', { credential })).statusCode).toBe(404);
    await t.app.close();
  });
});
