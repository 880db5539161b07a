// The login panel's calls and transitions (spec document 1 §4, §7, §8), kept out of the forms.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, type AuthErrorBody, type LoginResponse, type ProfileAuthResponse } from '../../api/auth';
import { ApiError } from '../../api/client';
import { clearSession } from '../../lib/session';
import { useGoogleIdentity, type OtpFlowState, type SubmitResult } from './flowState';
import { notify } from './notify';

export const AUTH_MESSAGES = {
  emailTaken: 'Email already registered',
  noUser: 'No user found with this email.',
  loginFailed: 'Login failed. Please try again.',
  googleFailed: 'Google login failed. Please try again.',
  googleAuthError: 'Authentication error. Please try again.',
  googleCreateFailed: 'Failed to create new user. Please try again.',
  otpVerifiedAccountCreated: 'OTP verified successfully! Account created.',
  otpResent: 'OTP resent successfully!',
  otpResendFailed: 'Failed to resend OTP. Please try again.',
  otpVerifyFailed: 'Failed to verify OTP. Please try again.',
  otpSendFailed: 'Error sending OTP. Please try again.',
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
} as const;

type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; body: AuthErrorBody };

function serverText(body: AuthErrorBody): string | undefined {
  return body.error || body.msg || body.message || undefined;
}

/** The session store's code loads with the first sign-in (or reset), not with the page. */
const session = () => import('../../stores/sessionStore').then((m) => m.useSessionStore.getState());

export function useAuthFlow() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const googleIdentity = useGoogleIdentity((s) => s.identity);
  const setGoogleIdentity = useGoogleIdentity((s) => s.set);

  /** Runs one request behind the busy overlay; the overlay is gone before any alert. */
  const attempt = useCallback(async <T,>(call: () => Promise<{ data: T }>): Promise<Outcome<T>> => {
    setBusy(true);
    try {
      const res = await call();
      return { ok: true, data: res.data };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, status: err.status, body: (err.data ?? {}) as AuthErrorBody };
      return { ok: false, status: 0, body: {} };
    } finally {
      setBusy(false);
    }
  }, []);

  const enterStudio = useCallback(
    async (data: ProfileAuthResponse, flagsAtTop: boolean) => {
      const flags = flagsAtTop ? (data as LoginResponse) : data.profile;
      await (await session()).signIn({ access: data.access, refresh: data.refresh, profile: data.profile, flags });
      navigate('/face', { replace: true });
    },
    [navigate],
  );

  /** login <-> signup: the toggle also clears the session (spec §4). */
  const switchMode = useCallback(
    async (path: '/login' | '/signup') => {
      setGoogleIdentity(null);
      // Without the store's code (offline, chunk not cached) this tab's copy still goes.
      await session()
        .then((store) => store.forget())
        .catch(() => clearSession());
      navigate(path);
    },
    [navigate, setGoogleIdentity],
  );

  // A login that found the sign-up unverified (right password) answers a token to finish it with.
  const unverifiedSignup = useRef<{ email: string; token: string } | null>(null);

  const login = useCallback(
    async (email: string, password: string): Promise<SubmitResult<'email' | 'password'>> => {
      const address = email.trim();
      const res = await attempt(() => authApi.manualLogin(address, password));
      if (res.ok) return void (await enterStudio(res.data, true));
      unverifiedSignup.current = res.body.signup_token ? { email: address, token: res.body.signup_token } : null;
      if (res.status === 404) return { email: AUTH_MESSAGES.noUser };
      const text = serverText(res.body);
      // The spec shows 400 texts under the password field; one about the email (not verified) goes there.
      if (res.status === 400 && text) return res.body.field === 'email' ? { email: text } : { password: text };
      if (res.status === 429 && text) return { password: text };
      notify(AUTH_MESSAGES.loginFailed);
    },
    [attempt, enterStudio],
  );

  const sendOtpThenVerify = useCallback(
    async (email: string, purpose: OtpFlowState['purpose'], signupToken?: string): Promise<boolean> => {
      const res = await attempt(() => authApi.sendOtp(email));
      if (!res.ok) {
        notify(res.status === 429 && serverText(res.body) ? serverText(res.body)! : AUTH_MESSAGES.otpSendFailed);
        return false;
      }
      navigate('/otpverification', { state: { email, purpose, signupToken } satisfies OtpFlowState });
      return true;
    },
    [attempt, navigate],
  );

  /** A sign-up never verified, found by a login with its password: send a new code and continue there. */
  const resumeSignup = useCallback(async (): Promise<boolean> => {
    const pending = unverifiedSignup.current;
    if (!pending) return false;
    return sendOtpThenVerify(pending.email, 'signup', pending.token);
  }, [sendOtpThenVerify]);

  const signup = useCallback(
    async (name: string, email: string, password: string): Promise<SubmitResult<'email'>> => {
      const address = email.trim();
      const res = await attempt(() => authApi.createProfile({ name: name.trim(), email: address, password }));
      if (!res.ok) {
        if (res.status === 400 && (res.body.field === 'email' || /already registered/i.test(serverText(res.body) ?? ''))) {
          return { email: AUTH_MESSAGES.emailTaken };
        }
        notify(serverText(res.body) ?? AUTH_MESSAGES.googleCreateFailed);
        return;
      }
      await sendOtpThenVerify(address, 'signup', res.data.signup_token);
    },
    [attempt, sendOtpThenVerify],
  );

  /** A Google ID token from Google's button (or the test event): sign in, or continue into sign-up. */
  const googleCredential = useCallback(
    async (credential: string) => {
      const res = await attempt(() => authApi.loginWithGoogle(credential));
      if (res.ok) return enterStudio(res.data, true);
      if (res.status === 404 && res.body.email) {
        setGoogleIdentity({ email: res.body.email, name: res.body.name ?? '', credential });
        navigate('/signup');
        return;
      }
      notify(res.status === 401 || res.status === 400 ? AUTH_MESSAGES.googleAuthError : AUTH_MESSAGES.googleFailed);
    },
    [attempt, enterStudio, navigate],
  );

  const googleFailed = useCallback(() => notify(AUTH_MESSAGES.googleFailed), []);

  /** Google sign-up after the terms are accepted: the verified identity needs no OTP (ARCHITECTURE §8). */
  const googleSignup = useCallback(
    async (name: string): Promise<SubmitResult<'email'>> => {
      if (!googleIdentity) return;
      const { email, credential } = googleIdentity;
      const res = await attempt(() => authApi.createProfile({ name: name.trim(), email, credential }));
      if (res.ok && res.data.access && res.data.refresh && res.data.profile) {
        setGoogleIdentity(null);
        return enterStudio({ access: res.data.access, refresh: res.data.refresh, profile: res.data.profile }, false);
      }
      if (!res.ok && res.status === 400 && res.body.field === 'email') return { email: AUTH_MESSAGES.emailTaken };
      notify(AUTH_MESSAGES.googleCreateFailed);
    },
    [attempt, enterStudio, googleIdentity],
  );

  const requestReset = useCallback(
    async (email: string): Promise<SubmitResult<'email'>> => {
      const address = email.trim();
      const res = await attempt(() => authApi.sendOtp(address));
      if (res.ok) {
        navigate('/otpverification', { state: { email: address, purpose: 'reset' } satisfies OtpFlowState });
        return;
      }
      if (res.status === 404) return { email: AUTH_MESSAGES.noUser };
      notify(res.status === 429 && serverText(res.body) ? serverText(res.body)! : AUTH_MESSAGES.otpSendFailed);
    },
    [attempt, navigate],
  );

  /** Resolves true when the code was accepted. */
  const verifyOtp = useCallback(
    async (flow: OtpFlowState, otp: string): Promise<boolean> => {
      if (flow.purpose === 'signup') {
        const res = await attempt(() => authApi.verifyOtp(flow.email, otp, flow.signupToken));
        if (!res.ok) {
          notify(serverText(res.body) ?? AUTH_MESSAGES.otpVerifyFailed);
          return false;
        }
        notify(AUTH_MESSAGES.otpVerifiedAccountCreated);
        await enterStudio(res.data, false);
        return true;
      }
      const res = await attempt(() => authApi.verifyOtpForForget(flow.email, otp));
      if (!res.ok || !res.data.reset_token) {
        notify((!res.ok && serverText(res.body)) || AUTH_MESSAGES.otpVerifyFailed);
        return false;
      }
      // Replace: Back must not return to a code that is now used up.
      navigate('/otpverification', {
        replace: true,
        state: { ...flow, resetToken: res.data.reset_token } satisfies OtpFlowState,
      });
      return true;
    },
    [attempt, enterStudio, navigate],
  );

  const resendOtp = useCallback(
    async (email: string): Promise<boolean> => {
      const res = await attempt(() => authApi.sendOtp(email));
      notify(res.ok ? AUTH_MESSAGES.otpResent : AUTH_MESSAGES.otpResendFailed);
      return res.ok;
    },
    [attempt],
  );

  const updatePassword = useCallback(
    async (flow: OtpFlowState, password: string) => {
      const res = await attempt(() => authApi.forgotPassword(flow.email, password, flow.resetToken ?? ''));
      if (!res.ok) {
        notify(AUTH_MESSAGES.passwordUpdateFailed);
        return;
      }
      notify(AUTH_MESSAGES.passwordUpdated);
      navigate('/login', { replace: true });
    },
    [attempt, navigate],
  );

  return {
    busy,
    googleIdentity,
    switchMode,
    login,
    resumeSignup,
    signup,
    googleCredential,
    googleFailed,
    googleSignup,
    requestReset,
    verifyOtp,
    resendOtp,
    updatePassword,
    navigate,
  };
}

export type AuthFlow = ReturnType<typeof useAuthFlow>;
