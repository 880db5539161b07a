// The page's API client: the core (contract/apiCore.ts) bound to this page's backend base, its
// session in sessionStorage, its security key, its offline notice and its router.
import { createApiCore, type ApiResponse, type RequestOptions } from '../../contract/apiCore';
import { reportReachable } from '../lib/connectivity';
import { clearSession, getSession, SessionKey } from '../lib/session';

export { ApiError, type ApiResponse, type RequestOptions } from '../../contract/apiCore';

/** Backend base: `/api` on our own origin unless VITE_BACKEND_URL says otherwise. */
export const API_BASE: string = (import.meta.env.VITE_BACKEND_URL ?? '/api').replace(/\/+$/, '');

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
    .then((m) =>
      m.refreshSessionAcrossTabs(async () => {
        const refreshToken = getSession(SessionKey.refreshToken);
        return refreshToken ? core.newTokens(refreshToken) : null;
      }),
    )
    .catch(() => null)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

const core = createApiCore({
  baseUrl: API_BASE,
  tokens: {
    accessToken: () => getSession(SessionKey.accessToken),
    refresh: async () => !!getSession(SessionKey.refreshToken) && !!(await refreshAccessToken()),
  },
  // Its hash (crypto-js) loads with the first generation call: public pages never send it.
  securityKey: () => import('../lib/clientSecrets').then((m) => m.securityKeyHeader()),
  onSessionEnd: () => {
    clearSession();
    if (window.location.pathname !== '/login') navigate('/login');
  },
  onReachable: reportReachable,
});

/**
 * Calls the backend. On 401: refresh once and retry once; if that is impossible or fails,
 * the session is cleared and the user sent to /login (spec document 1 §4).
 */
export const apiRequest: <T>(path: string, options?: RequestOptions) => Promise<ApiResponse<T>> = core.request;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
