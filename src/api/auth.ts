// The sign-in calls of spec document 1 §7, typed with the server's own schemas (type-only
// imports: no runtime cost). Errors arrive as ApiError (status + body).
import type {
  AppConfigResponse,
  CreateProfileBody,
  CreateProfileResponse,
  GoogleUnknownUser,
  LoginError,
  LoginResponse,
  SessionProfile,
  VerifyOtpForForgetResponse,
  VerifyOtpResponse,
} from '../../contract/auth';
import { api } from './client';

export type AuthProfile = SessionProfile;
export type { LoginResponse };

/** The guide-tour flags, read from the top level (login) or from `profile` (OTP verify). */
export type GuideFlags = Partial<Pick<SessionProfile, 'guide_tour_video_seen' | 'guide_tour_image_seen' | 'guide_tour_face_seen'>>;

/** Every answer that signs in: tokens and the profile. */
export interface ProfileAuthResponse {
  access: string;
  refresh: string;
  profile: SessionProfile;
}

/**
 * Error bodies: `{error, field?}`; Google's 404 also carries the verified identity, a login of an
 * unverified sign-up its token; rate limits say `message`.
 */
export type AuthErrorBody = Partial<GoogleUnknownUser> & Partial<LoginError> & { msg?: string; message?: string };

export const authApi = {
  createProfile: (input: CreateProfileBody) => api.post<CreateProfileResponse>('/create_profile/', input),
  sendOtp: (email: string) => api.post<{ status: string }>('/send_otp/', { email }),
  verifyOtp: (email: string, otp: string, signupToken: string | undefined) =>
    api.post<VerifyOtpResponse>('/verify_otp/', { email, otp, signup_token: signupToken }),
  verifyOtpForForget: (email: string, otp: string) =>
    api.post<VerifyOtpForForgetResponse>('/verify_otp_for_forget/', { email, otp }),
  forgotPassword: (email: string, newPassword: string, resetToken: string) =>
    api.post<{ status: string }>('/forgot_password/', { email, new_password: newPassword, reset_token: resetToken }),
  manualLogin: (email: string, password: string) => api.post<LoginResponse>('/manual_login/', { email, password }),
  loginWithGoogle: (credential: string) => api.post<LoginResponse>('/login_profile_with_google/', { credential }),
  logout: (refreshToken: string) => api.post<void>('/logout/', { refresh_token: refreshToken }),
};

let appConfig: Promise<AppConfigResponse> | null = null;

/** GET /app_config/, once per page load; a failure reads as "no Google" and is retried next time. */
export function loadAppConfig(): Promise<AppConfigResponse> {
  appConfig ??= api
    .get<AppConfigResponse>('/app_config/')
    .then((res) => ({ google_client_id: res.data?.google_client_id || null }))
    .catch(() => {
      appConfig = null;
      return { google_client_id: null };
    });
  return appConfig;
}
