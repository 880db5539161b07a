import { lazy } from 'react';
import { hasAccessToken } from '../../lib/session';
import { PublicLayout } from './PublicLayout';

const SignedInLayout = lazy(() => import('./SignedInLayout'));

/** For routes both visitors and users reach (/subscription): the layout that fits the session. */
export function SessionLayout() {
  return hasAccessToken() ? <SignedInLayout /> : <PublicLayout />;
}
