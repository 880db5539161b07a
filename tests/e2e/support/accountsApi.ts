// Real accounts made through the server's own sign-up calls (create_profile, send_otp, the code
// from the mail outbox, verify_otp), then signed in through the login page like a person.
import type { Page } from 'playwright-core';
import { latestOtp, logIn, uniqueEmail } from './accounts';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

interface ServerLike {
  url: string;
  dataDir: string;
}

async function post<T>(server: ServerLike, path: string, body: object): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

/** A verified account, made without a browser. */
export async function signUpViaApi(server: ServerLike, tag: string, name = 'Asha Rao'): Promise<TestUser> {
  const user = { name, email: uniqueEmail(tag), password: 'secret-pass-1' };
  const created = await post<{ signup_token?: string }>(server, '/create_profile/', { email: user.email, name: user.name, password: user.password });
  await post(server, '/send_otp/', { email: user.email });
  const otp = await latestOtp(server.dataDir, user.email);
  await post(server, '/verify_otp/', { email: user.email, otp, signup_token: created.signup_token });
  return user;
}

/** A new account, signed in on `page` through the login form (ends on /face). */
export async function signedInUser(page: Page, server: ServerLike, tag: string, name?: string): Promise<TestUser> {
  const user = await signUpViaApi(server, tag, name);
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/face');
  return user;
}
