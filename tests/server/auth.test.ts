import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/src/mail/mailer.ts';
import { accountsApp } from './support/accounts.ts';
import { engines, useTestDatabase } from './support/db.ts';

const MIN = 60_000;

describe.each(engines)('sign-up, OTP and login on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('signs up with a code read from the outbox, then logs in', async () => {
    const t = await accountsApp(database.current);
    let res = await t.post('/api/create_profile/', { email: 'Asha@Example.com', name: ' Asha Verma ', password: 'secret-pass', google_password: 'x' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: expect.any(String), signup_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const signupToken = res.json().signup_token;
    // Nothing is an account until the email is verified.
    expect(await database.current.db.selectFrom('users').selectAll().execute()).toEqual([]);
    const pending = await database.current.db.selectFrom('pending_signups').selectAll().executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ email: 'asha@example.com', name: 'Asha Verma' });
    expect(pending.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(pending.token_hash).not.toContain(signupToken);

    res = await t.post('/api/send_otp/', { email: 'asha@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'OTP sent' });
    const [mail] = await readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: 'asha@example.com', subject: 'Your Persona Studio verification code' });
    const code = await t.lastOtp('asha@example.com');
    const stored = await database.current.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    res = await t.post('/api/verify_otp/', { email: 'asha@example.com', otp: code, signup_token: signupToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = await database.current.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'asha@example.com', name: 'Asha Verma', email_verified: 1, password_hash: pending.password_hash });
    expect(body).toMatchObject({
      status: 'success',
      access: expect.any(String),
      refresh: expect.any(String),
      profile: { user_id: row.id, email: 'asha@example.com', name: 'Asha Verma', guide_tour_video_seen: false, guide_tour_image_seen: false, guide_tour_face_seen: false },
    });
    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await database.current.db.selectFrom('pending_signups').selectAll().execute()).toEqual([]);

    // The code works once.
    res = await t.post('/api/verify_otp/', { email: 'asha@example.com', otp: code, signup_token: signupToken });
    expect(res.statusCode).toBe(400);

    res = await t.post('/api/manual_login/', { email: 'ASHA@example.com', password: 'secret-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      profile: { user_id: row.id, email: 'asha@example.com' },
      guide_tour_video_seen: false,
      guide_tour_image_seen: false,
      guide_tour_face_seen: false,
    });
    await t.app.close();
  });

  it('keeps each sign-up attempt apart, and refuses a verified email', async () => {
    const t = await accountsApp(database.current);
    const first = await t.startSignUp('ravi@example.com', 'first-pass', 'First Try');
    await t.post('/api/send_otp/', { email: 'ravi@example.com' });
    const code = await t.lastOtp('ravi@example.com');
    // A later attempt neither changes the first nor voids the code already mailed.
    const second = await t.startSignUp('ravi@example.com', 'second-pass', 'Ravi');
    expect(second).not.toBe(first);
    expect(await database.current.db.selectFrom('pending_signups').selectAll().execute()).toHaveLength(2);
    expect(await database.current.db.selectFrom('users').selectAll().execute()).toEqual([]);
    const res1 = await t.post('/api/verify_otp/', { email: 'ravi@example.com', otp: code, signup_token: second });
    expect(res1.statusCode).toBe(200);
    expect(res1.json().profile.name).toBe('Ravi');
    expect((await t.post('/api/manual_login/', { email: 'ravi@example.com', password: 'second-pass' })).statusCode).toBe(200);
    expect((await t.post('/api/manual_login/', { email: 'ravi@example.com', password: 'first-pass' })).statusCode).toBe(400);
    // The other attempt died with the verification.
    expect(await database.current.db.selectFrom('pending_signups').selectAll().execute()).toEqual([]);

    const res = await t.post('/api/create_profile/', { email: 'Ravi@example.com', name: 'Intruder', password: 'other-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Email is already registered.', field: 'email' });
    await t.app.close();
  });

  it('answers login failures with the spec\'s messages', async () => {
    const t = await accountsApp(database.current);
    await t.signUp('neha@example.com', 'right-pass');
    let res = await t.post('/api/manual_login/', { email: 'neha@example.com', password: 'wrong-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid password.', field: 'password' });
    res = await t.post('/api/manual_login/', { email: 'nobody@example.com', password: 'whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No user found with this email.');
    res = await t.post('/api/send_otp/', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No user found with this email.');
    await t.app.close();
  });

  it('refuses an address after 10 failures on an account in 15 minutes, even for the right password', async () => {
    const t = await accountsApp(database.current);
    await t.signUp('lock@example.com', 'right-pass');
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/api/manual_login/', { email: 'lock@example.com', password: `wrong-${i}` })).statusCode).toBe(400);
    }
    let res = await t.post('/api/manual_login/', { email: 'lock@example.com', password: 'right-pass' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many login attempts. Please try again in 15 minutes.');
    t.clock.advance(15 * MIN + 1000);
    res = await t.post('/api/manual_login/', { email: 'lock@example.com', password: 'right-pass' });
    expect(res.statusCode).toBe(200);
    await t.app.close();
  });

  it('limits logins per client address', async () => {
    const t = await accountsApp(database.current);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // Different addresses each time: only the per-IP limit can stop these.
      statuses.push((await t.post('/api/manual_login/', { email: `nobody${i}@example.com`, password: 'x' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    await t.app.close();
  });

  it('expires a code after 10 minutes', async () => {
    const t = await accountsApp(database.current);
    const signup_token = await t.startSignUp('exp@example.com');
    await t.post('/api/send_otp/', { email: 'exp@example.com' });
    const code = await t.lastOtp('exp@example.com');
    t.clock.advance(10 * MIN + 1);
    const res = await t.post('/api/verify_otp/', { email: 'exp@example.com', otp: code, signup_token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('OTP has expired.');
    await t.app.close();
  });

  it('voids a code after 5 wrong tries, and an older code when a new one is sent', async () => {
    const t = await accountsApp(database.current);
    const signup_token = await t.startSignUp('guess@example.com');
    await t.post('/api/send_otp/', { email: 'guess@example.com' });
    const first = await t.lastOtp('guess@example.com');
    await t.post('/api/send_otp/', { email: 'guess@example.com' });
    const second = await t.lastOtp('guess@example.com');
    if (first !== second) {
      const res = await t.post('/api/verify_otp/', { email: 'guess@example.com', otp: first, signup_token });
      expect(res.json().error).toBe('Invalid OTP.');
    }
    const wrong = second === '000000' ? '111111' : '000000';
    const tries = first !== second ? 4 : 5;
    for (let i = 0; i < tries; i++) {
      const res = await t.post('/api/verify_otp/', { email: 'guess@example.com', otp: wrong, signup_token });
      expect(res.json().error).toBe('Invalid OTP.');
    }
    const res = await t.post('/api/verify_otp/', { email: 'guess@example.com', otp: second, signup_token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Too many wrong attempts. Please request a new OTP.');
    // A new code works again.
    await t.post('/api/send_otp/', { email: 'guess@example.com' });
    expect((await t.post('/api/verify_otp/', { email: 'guess@example.com', otp: await t.lastOtp('guess@example.com'), signup_token })).statusCode).toBe(200);
    await t.app.close();
  });

  it('never compares more than 5 guesses, even sent in parallel', async () => {
    const t = await accountsApp(database.current);
    const signup_token = await t.startSignUp('burst@example.com');
    await t.post('/api/send_otp/', { email: 'burst@example.com' });
    const code = await t.lastOtp('burst@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.post('/api/verify_otp/', { email: 'burst@example.com', otp: wrong, signup_token })));
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    expect(answers.filter((r) => r.json().error === 'Invalid OTP.')).toHaveLength(5);
    const row = await database.current.db.selectFrom('otp_codes').select('attempts').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await t.post('/api/verify_otp/', { email: 'burst@example.com', otp: code, signup_token })).statusCode).toBe(400);
    await t.app.close();
  });

  it('sends at most 5 codes an hour to an address', async () => {
    const t = await accountsApp(database.current);
    await t.post('/api/create_profile/', { email: 'spam@example.com', name: 'Spam', password: 'secret-pass' });
    for (let i = 0; i < 5; i++) expect((await t.post('/api/send_otp/', { email: 'spam@example.com' })).statusCode).toBe(200);
    let res = await t.post('/api/send_otp/', { email: 'spam@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many OTP requests. Please try again later.');
    expect(await readOutbox(t.config.outboxDir)).toHaveLength(5);
    t.clock.advance(61 * MIN);
    res = await t.post('/api/send_otp/', { email: 'spam@example.com' });
    expect(res.statusCode).toBe(200);
    await t.app.close();
  });

  it('resets a password end to end, once, and signs every session out', async () => {
    const t = await accountsApp(database.current);
    const session = await t.signUp('reset@example.com', 'old-password');
    let res = await t.post('/api/send_otp/', { email: 'reset@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await readOutbox(t.config.outboxDir))[0].subject).toBe('Your Persona Studio password reset code');
    const code = await t.lastOtp('reset@example.com');
    // A reset code is not a sign-up code.
    expect((await t.post('/api/verify_otp/', { email: 'reset@example.com', otp: code })).statusCode).toBe(400);

    res = await t.post('/api/forgot_password/', { email: 'reset@example.com', new_password: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('reset_token');

    res = await t.post('/api/verify_otp_for_forget/', { email: 'reset@example.com', otp: code });
    expect(res.statusCode).toBe(200);
    const { reset_token } = res.json();
    expect(reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    res = await t.post('/api/forgot_password/', { email: 'other@example.com', new_password: 'new-password', reset_token });
    expect(res.statusCode).toBe(400);
    res = await t.post('/api/forgot_password/', { email: 'reset@example.com', new_password: 'new-password', reset_token: 'made-up-token' });
    expect(res.statusCode).toBe(400);
    res = await t.post('/api/forgot_password/', { email: 'reset@example.com', new_password: 'new-password', reset_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Password updated successfully!' });
    res = await t.post('/api/forgot_password/', { email: 'reset@example.com', new_password: 'third-password', reset_token });
    expect(res.statusCode).toBe(400);

    expect((await t.post('/api/manual_login/', { email: 'reset@example.com', password: 'old-password' })).statusCode).toBe(400);
    expect((await t.post('/api/manual_login/', { email: 'reset@example.com', password: 'new-password' })).statusCode).toBe(200);
    expect((await t.post('/api/refresh/', { refresh_token: session.refresh })).statusCode).toBe(401);
    await t.app.close();
  });

  it('expires a reset token after 10 minutes', async () => {
    const t = await accountsApp(database.current);
    await t.signUp('late@example.com', 'old-password');
    await t.post('/api/send_otp/', { email: 'late@example.com' });
    const res = await t.post('/api/verify_otp_for_forget/', { email: 'late@example.com', otp: await t.lastOtp('late@example.com') });
    t.clock.advance(10 * MIN + 1);
    const late = await t.post('/api/forgot_password/', { email: 'late@example.com', new_password: 'new-password', reset_token: res.json().reset_token });
    expect(late.statusCode).toBe(400);
    await t.app.close();
  });

  it('answers 400 naming the field for bad bodies', async () => {
    const t = await accountsApp(database.current);
    const cases: Array<[string, object, string]> = [
      ['/api/create_profile/', { email: 'not-an-email', name: 'A', password: 'secret-pass' }, 'email'],
      ['/api/create_profile/', { email: 'a@example.com', name: 'A', password: '12345' }, 'password'],
      ['/api/create_profile/', { email: 'a@example.com', name: 'A', password: 'x'.repeat(129) }, 'password'],
      ['/api/create_profile/', { email: 'a@example.com', name: 'x'.repeat(81), password: 'secret-pass' }, 'name'],
      ['/api/create_profile/', { email: 'a@example.com', name: 'a@b', password: 'secret-pass' }, 'name'],
      ['/api/create_profile/', { email: 'a@example.com', name: '   ', password: 'secret-pass' }, 'name'],
      ['/api/create_profile/', { email: 'a@example.com', name: 'A' }, 'password'],
      ['/api/send_otp/', {}, 'email'],
      ['/api/verify_otp/', { email: 'a@example.com' }, 'otp'],
      ['/api/manual_login/', { email: 'a@example.com' }, 'password'],
      ['/api/forgot_password/', { email: 'a@example.com', new_password: 'secret-pass' }, 'reset_token'],
      ['/api/refresh/', {}, 'refresh_token'],
      ['/api/login_profile_with_google/', {}, 'credential'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await t.post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
    expect((await t.post('/api/create_profile/', { email: 'a@example.com', name: 'a@b', password: 'secret-pass' })).json().error).toBe("Name cannot contain '@'.");
    await t.app.close();
  });
});
