import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setNavigator } from '../../src/api/client';
import { securityKeyHeader } from '../../src/lib/clientSecrets';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: { url: string; init: RequestInit }[];
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

function mockFetch(handler: Handler): void {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return handler(url, init);
  }));
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string>)[name];
}

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  navigate = vi.fn<(path: string) => void>();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/face');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON to /api with the bearer token from sessionStorage', async () => {
    sessionStorage.setItem('accessToken', 'tok-1');
    mockFetch(() => json(200, { ok: true }));
    const res = await api.post<{ ok: boolean }>('/get_profiles/', { user_id: 'u1' });
    expect(res.data).toEqual({ ok: true });
    expect(calls[0].url).toBe('/api/get_profiles/');
    expect(header(calls[0].init, 'Authorization')).toBe('Bearer tok-1');
    expect(header(calls[0].init, 'Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ user_id: 'u1' });
    expect(header(calls[0].init, 'security-key')).toBeUndefined();
  });

  it('omits the authorization header without a token', async () => {
    mockFetch(() => json(201, {}));
    await api.post('/news_letter/', { email: 'a@b.co' });
    expect(header(calls[0].init, 'Authorization')).toBeUndefined();
  });

  it('adds the security-key header on generation calls', async () => {
    mockFetch(() => json(200, { output: 'x' }));
    await api.post('/generate_face_c/', {}, { securityKey: true });
    const key = header(calls[0].init, 'security-key');
    expect(key).toBe(securityKeyHeader());
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends FormData as multipart without forcing a JSON content type', async () => {
    mockFetch(() => json(200, {}));
    const form = new FormData();
    form.append('category', 'tops');
    await api.post('/newclothchanger/', form);
    expect(calls[0].init.body).toBe(form);
    expect(header(calls[0].init, 'Content-Type')).toBeUndefined();
  });

  it('on 401 refreshes once, stores the new tokens and retries with them', async () => {
    sessionStorage.setItem('accessToken', 'old');
    sessionStorage.setItem('refreshToken', 'r1');
    mockFetch((url, init) => {
      if (url === '/api/refresh/') return json(200, { access: 'new', refresh: 'r2' });
      return header(init, 'Authorization') === 'Bearer new' ? json(200, { fine: 1 }) : json(401, { error: 'expired' });
    });
    const res = await api.post<{ fine: number }>('/get_profiles/', {});
    expect(res.data.fine).toBe(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/get_profiles/', '/api/refresh/', '/api/get_profiles/']);
    expect(JSON.parse(calls[1].init.body as string)).toEqual({ refresh_token: 'r1' });
    expect(sessionStorage.getItem('accessToken')).toBe('new');
    expect(sessionStorage.getItem('refreshToken')).toBe('r2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('parallel 401s share one refresh call', async () => {
    sessionStorage.setItem('accessToken', 'old');
    sessionStorage.setItem('refreshToken', 'r1');
    mockFetch((url, init) => {
      if (url === '/api/refresh/') return json(200, { access: 'new', refresh: 'r2' });
      return header(init, 'Authorization') === 'Bearer new' ? json(200, {}) : json(401, {});
    });
    await Promise.all([api.post('/a/', {}), api.post('/b/', {}), api.post('/c/', {})]);
    expect(calls.filter((c) => c.url === '/api/refresh/')).toHaveLength(1);
  });

  it('a 401 after the retry clears the session and goes to /login', async () => {
    sessionStorage.setItem('accessToken', 'old');
    sessionStorage.setItem('refreshToken', 'r1');
    sessionStorage.setItem('userId', 'u1');
    mockFetch((url) => (url === '/api/refresh/' ? json(200, { access: 'new' }) : json(401, { error: 'no' })));
    await expect(api.post('/get_profiles/', {})).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/refresh/')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/get_profiles/')).toHaveLength(2);
    expect(sessionStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 401 without a refresh token clears the session and goes to /login without refreshing', async () => {
    sessionStorage.setItem('accessToken', 'old');
    sessionStorage.setItem('activeItem', 'Gallery');
    mockFetch(() => json(401, {}));
    await expect(api.post('/gallery/', {})).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a failed refresh clears the session and goes to /login', async () => {
    sessionStorage.setItem('accessToken', 'old');
    sessionStorage.setItem('refreshToken', 'reused');
    mockFetch((url) => (url === '/api/refresh/' ? json(401, { error: 'revoked' }) : json(401, {})));
    await expect(api.post('/get_profiles/', {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(sessionStorage.getItem('refreshToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('does not navigate when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    mockFetch(() => json(401, { error: 'bad' }));
    await expect(api.post('/manual_login/', {})).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('other errors reject with the status and the server error text', async () => {
    mockFetch(() => json(400, { error: 'Email is already registered.' }));
    const err = await api.post('/create_profile/', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Email is already registered.', data: { error: 'Email is already registered.' } });
  });

  it('a network failure rejects with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(api.get('/find_ip_add/')).rejects.toMatchObject({ status: 0 });
  });

  it('a 204 resolves with no data', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const res = await api.post('/delete-profile/', {});
    expect(res.status).toBe(204);
    expect(res.data).toBeUndefined();
  });
});

describe('backend base', () => {
  it('uses VITE_BACKEND_URL when set', async () => {
    vi.stubEnv('VITE_BACKEND_URL', 'https://backend.example/v2/');
    vi.resetModules();
    const { api: fresh, API_BASE } = await import('../../src/api/client');
    mockFetch(() => json(200, {}));
    await fresh.get('/find_ip_add/');
    expect(API_BASE).toBe('https://backend.example/v2');
    expect(calls[0].url).toBe('https://backend.example/v2/find_ip_add/');
    vi.unstubAllEnvs();
  });
});
