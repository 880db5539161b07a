// A verified account with a plan (Premium unless told), made over HTTP against a running server process (the
// sign-up code read from its outbox, the grant through the operator command on the same data).
import { join } from 'node:path';
import { runAdmin } from '../../../server/src/admin.ts';
import { readOutbox } from '../../../server/src/mail/mailer.ts';
import { SECURITY_KEY } from './studio.ts';

export type Post = (path: string, body: object, token?: string, headers?: Record<string, string>) => Promise<{ status: number; json: Record<string, string> }>;

/** POSTs JSON to `base` (…/api) with the page's security-key header (and `always`, e.g. an X-Forwarded-For). */
export const poster = (base: string, always: Record<string, string> = {}): Post => async (path, body, token, headers = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'security-key': SECURITY_KEY, ...always, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
};

/** `env` reaches the same data as the server: DATA_DIR, and DATABASE_URL when it uses Postgres. */
export async function premiumUser(base: string, email: string, env: { DATA_DIR: string; JWT_SECRET: string; DATABASE_URL?: string }, headers: Record<string, string> = {}, plan = 'premium'): Promise<{ post: Post; token: string; userId: string }> {
  const post = poster(base, headers);
  const { json: created } = await post('/create_profile/', { email, name: 'Queue Test', password: 'secret-pass' });
  await post('/send_otp/', { email });
  const otp = /\b(\d{6})\b/.exec((await readOutbox(join(env.DATA_DIR, 'outbox'))).find((m) => m.to === email)!.text)![1]!;
  const { json: session } = await post('/verify_otp/', { email, otp, signup_token: created.signup_token! });
  const quiet = { out: () => undefined, err: (line: string) => console.error(line) };
  if ((await runAdmin(['grant', email, plan, '30'], env, quiet)) !== 0) throw new Error(`could not grant ${email} a plan`);
  return { post, token: session.access!, userId: (session.profile as unknown as { user_id: string }).user_id };
}
