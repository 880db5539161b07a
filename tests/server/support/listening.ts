// The studio app listening on a free port, called over real HTTP with the bearer token and the
// security key, as the page calls it.
import type { TestDatabase } from './db.ts';
import { SECURITY_KEY, studioApp, type StudioApp, type StudioUser } from './studio.ts';

export interface Answer {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

export interface Http {
  t: StudioApp;
  post(user: StudioUser, path: string, body: object, headers?: Record<string, string>): Promise<Answer>;
  get(user: StudioUser, path: string): Promise<Answer>;
  /** Rows left in the jobs and batches tables. */
  rows(): Promise<{ jobs: number; batches: number }>;
}

/** The studio app listening on a free port; calls carry the bearer token and the security key, as the page sends them. */
export async function listening(database: TestDatabase, env: NodeJS.ProcessEnv = {}): Promise<Http> {
  const t = await studioApp(database, env);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const send = async (user: StudioUser, method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${address}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${user.access}`, 'security-key': SECURITY_KEY, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown>, headers: res.headers };
  };
  return {
    t,
    post: (user, path, body, headers) => send(user, 'POST', path, body, headers),
    get: (user, path) => send(user, 'GET', path),
    async rows() {
      const count = async (table: 'jobs' | 'batches') => Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      return { jobs: await count('jobs'), batches: await count('batches') };
    },
  };
}

