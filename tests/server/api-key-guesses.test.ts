// Issue 40: guessing API keys is throttled per client address, as failed logins are. 20 unknown or
// revoked keys in a minute, then 429 with Retry-After for any key from that address (checked
// before the key is looked up); a valid key from another address is never slowed by them; the
// window moves with the app's clock. On both databases (the count is shared by every API process).
import { describe, expect, it } from 'vitest';
import { KEY_GUESSES_PER_WINDOW } from '../../server/src/developer/keys.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { studioApp, type StudioApp } from './support/studio.ts';

const GUESSER = '203.0.113.7';
const OWNER = '198.51.100.20';

const withKey = (t: StudioApp, key: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: '/api/jobs', remoteAddress, headers: { authorization: `Bearer ${key}` } });

const guess = (n: number) => `psk_${String(n).padStart(43, 'x')}`;

describe.each(engines)('API key guesses on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('20 unknown or revoked keys a minute from one address, then 429 with Retry-After there only', async () => {
    const t = await studioApp(database.current);
    try {
      const user = await t.user('keys@example.com');
      const made = async (name: string) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/keys', payload: { name }, headers: { authorization: `Bearer ${user.access}` } });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { id: string; key: string };
      };
      const valid = await made('CMS');
      const revoked = await made('old');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${revoked.id}`, headers: { authorization: `Bearer ${user.access}` } })).statusCode).toBe(204);

      // A revoked key is a failure like an unknown one.
      expect((await withKey(t, revoked.key, GUESSER)).statusCode).toBe(401);
      for (let n = 1; n < KEY_GUESSES_PER_WINDOW; n += 1) expect((await withKey(t, guess(n), GUESSER)).statusCode, `guess ${n}`).toBe(401);
      t.clock.advance(15_000);
      const limited = await withKey(t, guess(99), GUESSER);
      expect(limited.statusCode).toBe(429);
      // The oldest failure leaves the window 45 s from now.
      expect(limited.headers['retry-after']).toBe('45');
      expect(limited.json()).toEqual({ error: 'Too many requests with an unknown API key. Please try again in 45 seconds.' });
      // The address is refused whatever it sends: a right guess would otherwise be told apart.
      expect((await withKey(t, valid.key, GUESSER)).statusCode).toBe(429);
      // The owner, elsewhere, is not slowed.
      const owner = await withKey(t, valid.key, OWNER);
      expect(owner.statusCode, owner.body).toBe(200);

      t.clock.advance(45_000);
      expect((await withKey(t, valid.key, GUESSER)).statusCode).toBe(200);
      expect((await withKey(t, guess(100), GUESSER)).statusCode).toBe(401);
    } finally {
      await t.app.close();
    }
  });
});
