// Navigation state carried between the login panel's modes.
import { create } from 'zustand';
import type { FieldErrors } from '../../lib/validation';

/**
 * /otpverification: whose code it is, the sign-up it verifies and (after a verified reset code) the
 * reset token. Kept in the tab's history state: it survives a reload, never leaves the tab.
 */
export interface OtpFlowState {
  email: string;
  purpose: 'signup' | 'reset';
  /** From /create_profile/ (or a login that found the sign-up unverified): names this browser's sign-up. */
  signupToken?: string;
  /** Present after /verify_otp_for_forget/: the panel shows Set New Password. */
  resetToken?: string;
}

/** An unknown Google user continuing into sign-up (spec §4), kept in memory only. */
export interface GoogleIdentity {
  email: string;
  name: string;
  credential: string;
}

/**
 * Held outside the page component so it survives /login -> /signup whatever the router does
 * with the element; never written to storage (it holds an ID token).
 */
export const useGoogleIdentity = create<{ identity: GoogleIdentity | null; set: (identity: GoogleIdentity | null) => void }>((set) => ({
  identity: null,
  set: (identity) => set({ identity }),
}));

export function readOtpFlowState(state: unknown): OtpFlowState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Partial<OtpFlowState>;
  if (typeof s.email !== 'string' || !s.email) return null;
  if (s.purpose !== 'signup' && s.purpose !== 'reset') return null;
  return {
    email: s.email,
    purpose: s.purpose,
    signupToken: typeof s.signupToken === 'string' ? s.signupToken : undefined,
    resetToken: typeof s.resetToken === 'string' ? s.resetToken : undefined,
  };
}

/** What a submit handler hands back to its form: server-side field messages, if any. */
export type SubmitResult<F extends string> = FieldErrors<F> | void;
