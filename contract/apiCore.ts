// The API client's core: calls, JSON errors, the bearer and `security-key` headers, and 401 →
// refresh once → retry once. It knows nothing of where it runs: the base URL, the tokens and the
// session's end come in as parameters, so the page (src/api/client.ts) and a command-line client
// under Node share it. Kept in contract/ because tsconfig.server.json (Node, no DOM) checks it too.

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
  credentials?: 'include' | 'omit' | 'same-origin';
  /** 'blob': a 2xx answer's body is read as a Blob (audio, pictures); errors are still parsed as JSON. */
  responseType?: 'json' | 'blob';
}

/** Where the tokens live: read at every call, renewed after a 401. */
export interface TokenProvider {
  /** The access token to send, or null for none. */
  accessToken(): string | null;
  /** After a 401: renews the access token; true when there is a new one to retry with. */
  refresh(): Promise<boolean>;
}

export interface ApiCoreOptions {
  /** The backend's base, without a trailing slash (`/api`, `https://host/api`). */
  baseUrl: string;
  tokens: TokenProvider;
  /** The `security-key` header's value, for the calls that ask for it (a promise: it may load lazily). */
  securityKey: () => string | Promise<string>;
  /** A 401 that a refresh could not cure: the session is over. */
  onSessionEnd?: () => void;
  /** Whether the server answered (true) or could not be reached at all (false). */
  onReachable?: (reachable: boolean) => void;
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
}

export interface ApiCore {
  request<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** POST {base}/refresh/ with a refresh token: the new pair, or null when it is refused or unreachable. */
  newTokens(refreshToken: string): Promise<{ access: string; refresh?: string } | null>;
}

function requestInit(options: RequestOptions, token: string | null, securityKey: string | undefined): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (securityKey) headers['security-key'] = securityKey;
  let body: FormData | string | undefined;
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
 * POST {baseUrl}/refresh/ with a refresh token: the new pair, or null when it is refused or the
 * server cannot be reached. Alone, so the service worker (sw/swSession.ts) takes just this.
 */
export async function refreshTokens(
  baseUrl: string,
  refreshToken: string,
  send: typeof fetch = (url, init) => fetch(url, init),
): Promise<{ access: string; refresh?: string } | null> {
  try {
    const res = await send(`${baseUrl}/refresh/`, {
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

export function createApiCore({ baseUrl, tokens, securityKey, onSessionEnd, onReachable, fetch: fetchFn }: ApiCoreOptions): ApiCore {
  const send: typeof fetch = (url, init) => (fetchFn ?? fetch)(url, init);
  return {
    /**
     * Calls the backend. On 401: refresh once and retry once; if that is impossible or fails,
     * the session is over (`onSessionEnd`) and the 401 rejects.
     */
    async request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
      const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
      const key = options.securityKey ? await securityKey() : undefined;
      let retried = false;
      for (;;) {
        let res: Response;
        try {
          res = await send(url, requestInit(options, tokens.accessToken(), key));
        } catch (err) {
          if ((err as Error).name === 'AbortError') throw err;
          onReachable?.(false);
          throw new ApiError(0, undefined, 'Network error: the server could not be reached.');
        }
        onReachable?.(true);
        if (res.status === 401) {
          if (!retried && (await tokens.refresh())) {
            retried = true;
            continue;
          }
          onSessionEnd?.();
        }
        const data = res.ok && options.responseType === 'blob' ? await res.blob() : await parseBody(res);
        if (!res.ok) throw new ApiError(res.status, data, errorMessage(res.status, data));
        return { status: res.status, data: data as T, headers: res.headers };
      }
    },

    newTokens: (refreshToken) => refreshTokens(baseUrl, refreshToken, send),
  };
}
