import { reportReachable } from '../lib/connectivity';
import { clearSession, getSession, SessionKey } from '../lib/session';
import { securityKeyHeader } from '../lib/clientSecrets';

/** Backend base: `/api` on our own origin unless VITE_BACKEND_URL says otherwise. */
export const API_BASE: string = (import.meta.env.VITE_BACKEND_URL ?? '/api').replace(/\/+$/, '');

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

/** A non-2xx answer; `data` is the parsed body (usually `{error}`), `status` 0 for no response. */
export class ApiError<T = unknown> extends Error {
  constructor(
    readonly status: number,
    readonly data: T | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Generation calls carry the spec's `security-key` header. */
  securityKey?: boolean;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);

/** Lets the router replace the hard navigation used when a session ends. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * One refresh at a time: refresh tokens rotate on every use and a reused one revokes the family,
 * so parallel 401s in this tab share one call, and tabs of the same session take turns
 * (src/lib/persistedSession.ts refreshSessionAcrossTabs).
 */
function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= import('../lib/persistedSession')
    .then((m) => m.refreshSessionAcrossTabs(requestNewTokens))
    .catch(() => null)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

async function requestNewTokens(): Promise<{ access: string; refresh?: string } | null> {
  const refreshToken = getSession(SessionKey.refreshToken);
  if (!refreshToken) return null;
  try {
    const res = await fetch(`${API_BASE}/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!res.ok) return null;
    const data = (await res.json()) as { access?: string; refresh?: string };
    return data.access ? { access: data.access, refresh: data.refresh } : null;
  } catch {
    return null;
  }
}

function endSession(): void {
  clearSession();
  if (window.location.pathname !== '/login') navigate('/login');
}

function buildInit(options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getSession(SessionKey.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.securityKey) headers['security-key'] = securityKeyHeader();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
    credentials: options.credentials,
  };
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorMessage(status: number, data: unknown): string {
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['error', 'message', 'msg', 'detail']) {
      if (typeof record[key] === 'string') return record[key];
    }
  }
  return `Request failed with status ${status}`;
}

/**
 * Calls the backend. On 401: refresh once and retry once; if that is impossible or fails,
 * the session is cleared and the user sent to /login (spec document 1 §4).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  let retried = false;
  for (;;) {
    let res: Response;
    try {
      res = await fetch(url, buildInit(options));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      reportReachable(false);
      throw new ApiError(0, undefined, 'Network error: the server could not be reached.');
    }
    reportReachable(true);
    if (res.status === 401) {
      if (!retried && getSession(SessionKey.refreshToken) && (await refreshAccessToken())) {
        retried = true;
        continue;
      }
      endSession();
    }
    const data = await parseBody(res);
    if (!res.ok) throw new ApiError(res.status, data, errorMessage(res.status, data));
    return { status: res.status, data: data as T, headers: res.headers };
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
