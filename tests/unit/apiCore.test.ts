// @vitest-environment node
// The API client's core (contract/apiCore.ts) under plain Node, as a command-line client runs it:
// no sessionStorage, no import.meta.env, no page module; a fetch stub and a token provider.
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiCore, type TokenProvider } from '../../contract/apiCore';
import source from '../../contract/apiCore.ts?raw';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setUp(answer: (url: string, init: RequestInit) => Response, tokens: TokenProvider) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string>, body: init?.body });
    return answer(String(url), init ?? {});
  });
  const onSessionEnd = vi.fn();
  const onReachable = vi.fn();
  const core = createApiCore({ baseUrl: 'https://studio.example/api', tokens, securityKey: async () => 'k3y', onSessionEnd, onReachable, fetch: fetchStub as typeof fetch });
  return { core, calls, onSessionEnd, onReachable };
}

/** Tokens as a command-line client keeps them: in memory, renewed through the core's own refresh call. */
function memoryTokens(access: string, refresh: string | null, renew: () => Promise<{ access: string } | null>) {
  const state = { access, refresh, refreshes: 0 };
  const provider: TokenProvider = {
    accessToken: () => state.access,
    refresh: async () => {
      state.refreshes += 1;
      if (!state.refresh) return false;
      const next = await renew();
      if (next) state.access = next.access;
      return next !== null;
    },
  };
  return { state, provider };
}

describe('the API core, with no page loaded', () => {
  it('imports nothing and runs where there is no sessionStorage', () => {
    expect(typeof (globalThis as { sessionStorage?: unknown }).sessionStorage).toBe('undefined');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/import\.meta|sessionStorage|localStorage|window\./);
  });

  it('sends JSON with the bearer token and, when asked, the security key', async () => {
    const { provider } = memoryTokens('tok-1', null, async () => null);
    const { core, calls, onReachable } = setUp(() => json(200, { ok: true }), provider);
    const res = await core.request<{ ok: boolean }>('get_profiles/', { body: { user_id: 'u1' }, securityKey: true });
    expect(res).toMatchObject({ status: 200, data: { ok: true } });
    expect(calls[0].url).toBe('https://studio.example/api/get_profiles/');
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json', 'security-key': 'k3y' });
    expect(JSON.parse(calls[0].body as string)).toEqual({ user_id: 'u1' });
    expect(onReachable).toHaveBeenCalledWith(true);
  });

  it('on 401 refreshes once through the provider and retries with the new token', async () => {
    const { core: refresher } = setUp((url) => (url.endsWith('/refresh/') ? json(200, { access: 'new', refresh: 'r2' }) : json(500, {})), memoryTokens('', null, async () => null).provider);
    const { state, provider } = memoryTokens('old', 'r1', () => refresher.newTokens('r1'));
    const { core, calls, onSessionEnd } = setUp((_url, init) => ((init.headers as Record<string, string>).Authorization === 'Bearer new' ? json(200, { fine: 1 }) : json(401, { error: 'expired' })), provider);
    const res = await core.request<{ fine: number }>('/gallery/', { body: {} });
    expect(res.data.fine).toBe(1);
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(state.refreshes).toBe(1);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('a second 401 ends the session after one refresh, and rejects with the server error', async () => {
    const { state, provider } = memoryTokens('old', 'r1', async () => ({ access: 'still-bad' }));
    const { core, calls, onSessionEnd } = setUp(() => json(401, { error: 'Token revoked.' }), provider);
    const err = await core.request('/gallery/', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Token revoked.' });
    expect(calls).toHaveLength(2);
    expect(state.refreshes).toBe(1);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('a 401 the provider cannot renew ends the session without a retry', async () => {
    const { provider } = memoryTokens('old', null, async () => null);
    const { core, calls, onSessionEnd } = setUp(() => json(401, {}), provider);
    await expect(core.request('/gallery/')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('no answer at all rejects with status 0 and reports the server unreachable', async () => {
    const { provider } = memoryTokens('t', null, async () => null);
    const { core, onReachable } = setUp(() => {
      throw new TypeError('fetch failed');
    }, provider);
    await expect(core.request('/find_ip_add/')).rejects.toMatchObject({ status: 0 });
    expect(onReachable).toHaveBeenCalledWith(false);
  });

  it('newTokens posts the refresh token and gives null when refused', async () => {
    const { provider } = memoryTokens('t', null, async () => null);
    const { core, calls } = setUp((_url, init) => (JSON.parse(init.body as string).refresh_token === 'good' ? json(200, { access: 'a2', refresh: 'r2' }) : json(401, {})), provider);
    expect(await core.newTokens('good')).toEqual({ access: 'a2', refresh: 'r2' });
    expect(await core.newTokens('reused')).toBeNull();
    expect(calls[0].url).toBe('https://studio.example/api/refresh/');
  });
});
