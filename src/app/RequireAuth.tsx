import { Navigate, Outlet } from 'react-router-dom';
import { hasAccessToken } from '../lib/session';

/** Guards the signed-in routes: no access token in sessionStorage means /login. */
export function RequireAuth() {
  return hasAccessToken() ? <Outlet /> : <Navigate to="/login" replace />;
}
