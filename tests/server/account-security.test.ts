// Issue 9: sign-up takeover, access tokens that outlive their session, and lock-outs by strangers.
import { Migrator, sql } from 'kysely';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/src/auth/passwords.ts';
import { migrateToLatest } from '../../server/src/db/index.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';
import { newId, nowIso } from '../../server/src/db/util.ts';
import { accountsApp, type AccountsApp } from './support/accounts.ts';
import { engines, useTestDatabase, migratingSafely } from './support/db.ts';

const HOUR = 60 * 60_000;

const loginFrom = (t: AccountsApp, remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/manual_login/', remoteAddress, payload: { email, password } });

describe.each(engines)('account security on %s', (engine) => {
  const database = useTestDatabase(engine);

  describe('sign-up', () => {
    it('activates only the password of the browser that verifies, whoever signs up in between', async () => {
      const t = await accountsApp(database.current);
      // Order 1: the attacker's sign-up lands before the victim asks for the code.
      const victim = await t.startSignUp('victim@example.com', 'password-A', 'Victim');
      const attacker = await t.startSignUp('victim@example.com', 'password-B', 'Attacker');
      expect((await t.post('/api/send_otp/', { email: 'victim@example.com' })).statusCode).toBe(200);
      let res = await t.post('/api/verify_otp/', { email: 'victim@example.com', otp: await t.lastOtp('victim@example.com'), signup_token: victim });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile.name).toBe('Victim');
      expect((await t.post('/api/manual_login/', { email: 'victim@example.com', password: 'password-B' })).statusCode).toBe(400);
      expect((await t.post('/api/manual_login/', { email: 'victim@example.com', password: 'password-A' })).statusCode).toBe(200);
      // The attacker's attempt died with the verification.
      expect((await t.post('/api/verify_otp/', { email: 'victim@example.com', otp: '123456', signup_token: attacker })).statusCode).toBe(400);

      // Order 2: the attacker's sign-up lands after the code was sent; the code still works, and so does a resent one.
      const victim2 = await t.startSignUp('second@example.com', 'password-A', 'Victim');
      await t.post('/api/send_otp/', { email: 'second@example.com' });
      const mailed = await t.lastOtp('second@example.com');
      await t.startSignUp('second@example.com', 'password-B', 'Attacker');
      await t.post('/api/send_otp/', { email: 'second@example.com' });
      const resent = await t.lastOtp('second@example.com');
      if (resent !== mailed) {
        res = await t.post('/api/verify_otp/', { email: 'second@example.com', otp: mailed, signup_token: victim2 });
        expect(res.json().error).toBe('Invalid OTP.'); // the resend replaced it, as before
      }
      res = await t.post('/api/verify_otp/', { email: 'second@example.com', otp: resent, signup_token: victim2 });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.post('/api/manual_login/', { email: 'second@example.com', password: 'password-B' })).statusCode).toBe(400);
      expect((await t.post('/api/manual_login/', { email: 'second@example.com', password: 'password-A' })).statusCode).toBe(200);
      await t.app.close();
    });

    it('verifies a code only for a live sign-up of that email named by its token', async () => {
      const t = await accountsApp(database.current);
      const other = await t.startSignUp('other@example.com');
      const mine = await t.startSignUp('mine@example.com');
      await t.post('/api/send_otp/', { email: 'mine@example.com' });
      const otp = await t.lastOtp('mine@example.com');
      const expired = { error: 'This sign-up has expired. Please create your account again.', field: 'signup_token' };
      for (const signup_token of [undefined, 'made-up-token', other]) {
        const res = await t.post('/api/verify_otp/', { email: 'mine@example.com', otp, signup_token });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(expired);
      }
      t.clock.advance(24 * HOUR + 1);
      expect((await t.post('/api/verify_otp/', { email: 'mine@example.com', otp, signup_token: mine })).json()).toEqual(expired);
      // An expired sign-up is no longer there to send codes for.
      expect((await t.post('/api/send_otp/', { email: 'mine@example.com' })).statusCode).toBe(404);
      await t.app.close();
    });

    it('resumes an unverified sign-up for a login with its password, with a new token', async () => {
      const t = await accountsApp(database.current);
      const first = await t.startSignUp('later@example.com', 'right-pass', 'Later');
      let res = await t.post('/api/manual_login/', { email: 'later@example.com', password: 'wrong-pass' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid password.', field: 'password' });
      res = await t.post('/api/manual_login/', { email: 'later@example.com', password: 'right-pass' });
      expect(res.statusCode).toBe(400);
      const { error, field, signup_token } = res.json();
      expect({ error, field }).toEqual({ error: 'Please verify your email before logging in.', field: 'email' });
      expect(signup_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await t.post('/api/send_otp/', { email: 'later@example.com' });
      const otp = await t.lastOtp('later@example.com');
      expect((await t.post('/api/verify_otp/', { email: 'later@example.com', otp, signup_token: first })).statusCode).toBe(400);
      expect((await t.post('/api/verify_otp/', { email: 'later@example.com', otp, signup_token })).statusCode).toBe(200);
      expect((await t.post('/api/manual_login/', { email: 'later@example.com', password: 'right-pass' })).statusCode).toBe(200);
      await t.app.close();
    });
  });

  describe('access tokens die with their session', () => {
    const profile = (t: AccountsApp, s: { access: string; profile: { user_id: string } }) =>
      t.post('/api/get_profiles/', { user_id: s.profile.user_id }, s.access);

    it('after logout, and only for the session logged out', async () => {
      const t = await accountsApp(database.current);
      const phone = await t.signUp('out@example.com', 'secret-pass');
      const laptop = (await t.post('/api/manual_login/', { email: 'out@example.com', password: 'secret-pass' })).json();
      expect((await profile(t, phone)).statusCode).toBe(200);
      expect((await t.post('/api/logout/', { refresh_token: phone.refresh })).statusCode).toBe(204);
      const res = await profile(t, phone);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required.' });
      expect((await profile(t, laptop)).statusCode).toBe(200);
      await t.app.close();
    });

    it('after a password reset, for every session', async () => {
      const t = await accountsApp(database.current);
      const phone = await t.signUp('reset@example.com', 'old-password');
      const laptop = (await t.post('/api/manual_login/', { email: 'reset@example.com', password: 'old-password' })).json();
      await t.post('/api/send_otp/', { email: 'reset@example.com' });
      const { reset_token } = (await t.post('/api/verify_otp_for_forget/', { email: 'reset@example.com', otp: await t.lastOtp('reset@example.com') })).json();
      expect((await t.post('/api/forgot_password/', { email: 'reset@example.com', new_password: 'new-password', reset_token })).statusCode).toBe(200);
      expect((await profile(t, phone)).statusCode).toBe(401);
      expect((await profile(t, laptop)).statusCode).toBe(401);
      const fresh = (await t.post('/api/manual_login/', { email: 'reset@example.com', password: 'new-password' })).json();
      expect((await profile(t, fresh)).statusCode).toBe(200);
      await t.app.close();
    });

    it('after refresh-token reuse revokes the family, old and new tokens alike', async () => {
      const t = await accountsApp(database.current);
      const s = await t.signUp('reuse@example.com');
      const rotated = (await t.post('/api/refresh/', { refresh_token: s.refresh })).json();
      expect((await profile(t, { ...s, access: rotated.access })).statusCode).toBe(200);
      // The rotated-away token comes back: someone copied it.
      expect((await t.post('/api/refresh/', { refresh_token: s.refresh })).statusCode).toBe(401);
      expect((await profile(t, s)).statusCode).toBe(401);
      expect((await profile(t, { ...s, access: rotated.access })).statusCode).toBe(401);
      await t.app.close();
    });

    it('refuses a well-signed token that names no live session or an old credentials version', async () => {
      const t = await accountsApp(database.current);
      const s = await t.signUp('forge@example.com');
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT({ email: 'forge@example.com', ...claims })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(s.profile.user_id)
          .setIssuer('persona-studio')
          .setAudience('persona-studio-api')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode(t.config.jwtSecret));
      const family = await database.current.db.selectFrom('refresh_tokens').select('family_id').executeTakeFirstOrThrow();
      expect((await profile(t, { ...s, access: await sign({ sid: family.family_id, cv: 0 }) })).statusCode).toBe(200);
      for (const claims of [{}, { sid: newId(), cv: 0 }, { sid: family.family_id, cv: 1 }, { sid: family.family_id }]) {
        expect((await profile(t, { ...s, access: await sign(claims) })).statusCode, JSON.stringify(claims)).toBe(401);
      }
      await t.app.close();
    });
  });

  describe('login limits', () => {
    it('lets the owner in from their address while another address is refused', async () => {
      const t = await accountsApp(database.current);
      await t.signUp('owner@example.com', 'right-pass');
      for (let i = 0; i < 10; i++) expect((await loginFrom(t, '203.0.113.5', 'owner@example.com', `guess-${i}`)).statusCode).toBe(400);
      const refused = await loginFrom(t, '203.0.113.5', 'owner@example.com', 'right-pass');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('Too many login attempts. Please try again in 15 minutes.');
      expect((await loginFrom(t, '198.51.100.7', 'owner@example.com', 'right-pass')).statusCode).toBe(200);
      // The owner's success does not forgive the attacker's address.
      expect((await loginFrom(t, '203.0.113.5', 'owner@example.com', 'right-pass')).statusCode).toBe(429);
      await t.app.close();
    });

    it('slows an account after 100 failures from many addresses, without locking the owner out', async () => {
      const t = await accountsApp(database.current);
      await t.signUp('target@example.com', 'right-pass');
      for (let a = 0; a < 10; a++) {
        for (let i = 0; i < 10; i++) await loginFrom(t, `203.0.113.${a + 10}`, 'target@example.com', `guess-${a}-${i}`);
      }
      t.clock.advance(3_000);
      let res = await loginFrom(t, '198.51.100.7', 'target@example.com', 'right-pass');
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe('Too many login attempts for this account. Please try again in 7 seconds.');
      expect(res.headers['retry-after']).toBe('7');
      t.clock.advance(7_000);
      // A guess from a new address gets its one check, and the account waits again.
      expect((await loginFrom(t, '203.0.113.99', 'target@example.com', 'guess-new')).statusCode).toBe(400);
      expect((await loginFrom(t, '198.51.100.7', 'target@example.com', 'right-pass')).statusCode).toBe(429);
      t.clock.advance(10_000);
      res = await loginFrom(t, '198.51.100.7', 'target@example.com', 'right-pass');
      expect(res.statusCode, res.body).toBe(200);
      await t.app.close();
    });
  });

  describe('migration 0004', () => {
    const unmigrated = useTestDatabase(engine, { migrate: false });

    it('moves accounts left unverified before 0004 into pending sign-ups that a login resumes', async () => {
      const { db } = unmigrated.current;
      const migrationTableSchema = engine === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
      expect((await migratingSafely(unmigrated.current, () => migrator.migrateTo('0003_accounts'))).error).toBeUndefined();
      const now = nowIso();
      const values = { google_sub: null, created_at: now, updated_at: now };
      await db.insertInto('users' as never).values([
        { id: newId(), email: 'old@example.com', name: 'Old', password_hash: await hashPassword('old-pass'), email_verified: 0, ...values },
        { id: newId(), email: 'kept@example.com', name: 'Kept', password_hash: await hashPassword('kept-pass'), email_verified: 1, ...values },
      ] as never).execute();
      await migratingSafely(unmigrated.current, () => migrateToLatest(db));
      expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'kept@example.com' }]);
      expect(await db.selectFrom('pending_signups').select(['email', 'name', 'token_hash']).execute()).toEqual([{ email: 'old@example.com', name: 'Old', token_hash: null }]);

      const t = await accountsApp(unmigrated.current);
      const res = await t.post('/api/manual_login/', { email: 'old@example.com', password: 'old-pass' });
      expect(res.statusCode).toBe(400);
      await t.post('/api/send_otp/', { email: 'old@example.com' });
      const verified = await t.post('/api/verify_otp/', { email: 'old@example.com', otp: await t.lastOtp('old@example.com'), signup_token: res.json().signup_token });
      expect(verified.statusCode).toBe(200);
      expect((await t.post('/api/manual_login/', { email: 'kept@example.com', password: 'kept-pass' })).statusCode).toBe(200);
      await t.app.close();
    });
  });
});
