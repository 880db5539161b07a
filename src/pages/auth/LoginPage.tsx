import { Box, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageTitle } from '../../app/ui/PageTitle';
import { hasAccessToken } from '../../lib/session';
import { sessionKept } from '../../lib/sessionKeeping';
import { BrandPanel } from './components/BrandPanel';
import { ForgotForm } from './components/ForgotForm';
import { LoginForm } from './components/LoginForm';
import { NewPasswordForm } from './components/NewPasswordForm';
import { OtpForm } from './components/OtpForm';
import { SignupForm } from './components/SignupForm';
import { readOtpFlowState, useGoogleIdentity } from './flowState';
import { useAuthFlow } from './useAuthFlow';

// Shown only while a request runs: its code comes with the first one.
const BusyOverlay = lazy(() => import('./components/BusyOverlay').then((m) => ({ default: m.BusyOverlay })));

/** The login panel's modes reachable by path; 'Set New Password' follows a verified reset OTP. */
export type LoginMode = 'login' | 'signup' | 'forgot' | 'otp' | 'newPassword';

const MODE_BY_PATH: Record<string, LoginMode> = {
  '/login': 'login',
  '/signup': 'signup',
  '/forgot': 'forgot',
  '/otpverification': 'otp',
};

export const LOGIN_MODE_TITLES: Record<LoginMode, string> = {
  login: 'Login',
  signup: 'Create an Account',
  forgot: 'Reset Password',
  otp: 'Verify your Email',
  newPassword: 'Set New Password',
};

const MODE_INTROS: Record<LoginMode, string> = {
  login: 'Welcome back. Sign in to continue creating.',
  signup: 'Start creating your virtual influencer today.',
  forgot: "Forgot your password? It happens. Let's get you back in.",
  otp: 'One last step: confirm it is you.',
  newPassword: 'Almost done: pick something memorable.',
};

export function loginModeFromPath(pathname: string): LoginMode {
  return MODE_BY_PATH[pathname.toLowerCase()] ?? 'login';
}

/** /login, /signup, /forgot, /otpverification: one page whose mode comes from the path. */
export default function LoginPage() {
  const { pathname, state } = useLocation();
  const flow = useAuthFlow();
  const otpState = readOtpFlowState(state);
  let mode = loginModeFromPath(pathname);
  if (mode === 'otp' && otpState?.purpose === 'reset' && otpState.resetToken) mode = 'newPassword';

  // Arriving here without a session (logged out, or the api client ended a dead one): the copy
  // kept for the next launch must go too, once a restore still reading it is over (a late one
  // signs this tab in and reloads it instead).
  useEffect(() => {
    // Only when IndexedDB holds one (the mark says so): most visitors never signed in here.
    if (!hasAccessToken() && sessionKept()) {
      void import('../../lib/persistedSession')
        .then(async (m) => {
          await m.keptSessionRestored();
          if (!hasAccessToken()) await m.clearPersistedSession();
        })
        .catch(() => undefined);
    }
  }, []);

  // A Google identity waiting for the terms belongs to the sign-up panel only.
  const clearGoogleIdentity = useGoogleIdentity((s) => s.set);
  useEffect(() => {
    if (mode !== 'signup') clearGoogleIdentity(null);
  }, [mode, clearGoogleIdentity]);

  // The code screen needs to know whose code it is; opened directly, start from the login.
  if (mode === 'otp' && !otpState) return <Navigate to="/login" replace />;

  return (
    <Box px={{ base: 4, md: 8 }} py={{ base: 6, md: 10 }} maxW="7xl" mx="auto">
      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={{ base: 0, lg: 10 }} alignItems="stretch">
        <BrandPanel />
        <Stack justify="center" w="full" maxW="md" mx="auto" py={{ base: 2, lg: 8 }}>
          <Box
            bg={{ base: 'transparent', sm: 'bg.panel' }}
            borderWidth={{ base: 0, sm: '1px' }}
            borderColor="border.muted"
            rounded="2xl"
            p={{ base: 0, sm: 8 }}
          >
            <PageTitle title={LOGIN_MODE_TITLES[mode]} fontSize={{ base: '3xl', md: '4xl' }} />
            <Text mt="2" mb="7" color="fg.muted">
              {MODE_INTROS[mode]}
            </Text>
            {mode === 'login' ? <LoginForm flow={flow} /> : null}
            {mode === 'signup' ? <SignupForm key={flow.googleIdentity?.credential ?? 'email'} flow={flow} /> : null}
            {mode === 'forgot' ? <ForgotForm flow={flow} /> : null}
            {mode === 'otp' && otpState ? <OtpForm key={`${otpState.purpose}:${otpState.email}`} flow={flow} state={otpState} /> : null}
            {mode === 'newPassword' && otpState ? <NewPasswordForm flow={flow} state={otpState} /> : null}
          </Box>
        </Stack>
      </Box>
      {flow.busy ? (
        <Suspense fallback={null}>
          <BusyOverlay />
        </Suspense>
      ) : null}
    </Box>
  );
}
