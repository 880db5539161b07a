// The sign-in calls of spec document 1 §7, typed. Errors arrive as ApiError (status + body).
import { api } from './client';

export interface AuthProfile {
  user_id: string | number;
  email: string;
  name: string;
  guide_tour_video_seen?: boolean;
  guide_tour_image_seen?: boolean;
  guide_tour_face_seen?: boolean;
}

export interface GuideFlags {
  guide_tour_video_seen?: boolean;
  guide_tour_image_seen?: boolean;
  guide_tour_face_seen?: boolean;
}

/** /verify_otp/ and Google sign-up: the guide flags are read from `profile` (spec §3). */
export interface ProfileAuthResponse {
  status?: string;
  access: string;
  refresh: string;
  profile: AuthProfile;
}

/** /manual_login/ and /login_profile_with_google/: the guide flags are read from the top level. */
export type LoginResponse = ProfileAuthResponse & GuideFlags;

/** Error bodies: `{error}`, sometimes naming a `field`; Google's 404 also carries the identity. */
export interface AuthErrorBody {
  error?: string;
  msg?: string;
  message?: string;
  field?: string;
  email?: string;
  name?: string;
}

export interface SignupInput {
  email: string;
  name: string;
  password?: string;
  google_password?: string;
  /** A Google ID token: the account is created verified and signed in at once. */
  credential?: string;
}

export const authApi = {
  createProfile: (input: SignupInput) =>
    api.post<{ status: string; message?: string } | ProfileAuthResponse>('/create_profile/', input),
  sendOtp: (email: string) => api.post<{ status: string }>('/send_otp/', { email }),
  verifyOtp: (email: string, otp: string) => api.post<ProfileAuthResponse>('/verify_otp/', { email, otp }),
  verifyOtpForForget: (email: string, otp: string) =>
    api.post<{ status: string; reset_token: string }>('/verify_otp_for_forget/', { email, otp }),
  forgotPassword: (email: string, newPassword: string, resetToken: string) =>
    api.post<{ status: string }>('/forgot_password/', { email, new_password: newPassword, reset_token: resetToken }),
  manualLogin: (email: string, password: string) => api.post<LoginResponse>('/manual_login/', { email, password }),
  loginWithGoogle: (credential: string) => api.post<LoginResponse>('/login_profile_with_google/', { credential }),
  logout: (refreshToken: string) => api.post<void>('/logout/', { refresh_token: refreshToken }),
};

export interface AppConfig {
  google_client_id: string | null;
}

let appConfig: Promise<AppConfig> | null = null;

/** GET /app_config/, once per page load; a failure reads as "no Google" and is retried next time. */
export function loadAppConfig(): Promise<AppConfig> {
  appConfig ??= api
    .get<AppConfig>('/app_config/')
    .then((res) => ({ google_client_id: res.data?.google_client_id || null }))
    .catch(() => {
      appConfig = null;
      return { google_client_id: null };
    });
  return appConfig;
}
