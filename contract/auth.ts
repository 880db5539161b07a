import { Type, type Static } from 'typebox';

// Sign-up, OTP, login, Google, reset and session calls (spec document 1 §7). Paths keep the spec's
// spelling under /api. Errors are ErrorBody ({error, field?}) from contract/common.ts.

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/** 6 to 128 characters (argon2id hashes it; the upper bound keeps hashing cheap). */
export const Password = Type.String({ minLength: 6, maxLength: 128 });
/** Required, at most 80 characters, no '@' (the last rule is checked by the handler, with the spec's message). */
export const PersonName = Type.String({ minLength: 1, maxLength: 80 });
export const GoogleCredential = Type.String({ minLength: 1, maxLength: 4096 });
const OpaqueToken = Type.String({ minLength: 1, maxLength: 200 });
const Otp = Type.String({ minLength: 1, maxLength: 16 });
/** Sent by the original client; never trusted for anything. */
const GooglePassword = Type.String({ maxLength: 256 });

export const SessionProfile = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  guide_tour_video_seen: Type.Boolean(),
  guide_tour_image_seen: Type.Boolean(),
  guide_tour_face_seen: Type.Boolean(),
});
export type SessionProfile = Static<typeof SessionProfile>;

export const StatusMessage = Type.Object({ status: Type.Literal('success'), message: Type.String() });
export type StatusMessage = Static<typeof StatusMessage>;

/** POST /create_profile/ */
export const CreateProfileBody = Type.Object({
  email: Type.Optional(Email),
  name: Type.Optional(PersonName),
  password: Type.Optional(Password),
  google_password: Type.Optional(GooglePassword),
  /** A Google ID token: creates a verified account at once (no OTP, no password). */
  credential: Type.Optional(GoogleCredential),
});
export type CreateProfileBody = Static<typeof CreateProfileBody>;
/**
 * 201: `{status, message, signup_token}` for an email sign-up (next: /send_otp/, then /verify_otp/
 * with the token); with a credential, signed in.
 */
export const CreateProfileResponse = Type.Object({
  status: Type.Literal('success'),
  message: Type.Optional(Type.String()),
  /** Names this sign-up (an addition to the spec, like reset_token): only it can make the password the account's. */
  signup_token: Type.Optional(Type.String()),
  access: Type.Optional(Type.String()),
  refresh: Type.Optional(Type.String()),
  profile: Type.Optional(SessionProfile),
});
export type CreateProfileResponse = Static<typeof CreateProfileResponse>;

/** POST /send_otp/: a sign-up code for an unverified account, a reset code for a verified one. */
export const SendOtpBody = Type.Object({ email: Email });
export type SendOtpBody = Static<typeof SendOtpBody>;

/** POST /verify_otp_for_forget/ */
export const VerifyOtpBody = Type.Object({ email: Email, otp: Otp });
export type VerifyOtpBody = Static<typeof VerifyOtpBody>;
/** POST /verify_otp/: the code, and the token of the sign-up it verifies (from /create_profile/ or a login). */
export const VerifySignupOtpBody = Type.Object({ email: Email, otp: Otp, signup_token: Type.Optional(OpaqueToken) });
export type VerifySignupOtpBody = Static<typeof VerifySignupOtpBody>;
export const VerifyOtpResponse = Type.Object({
  status: Type.Literal('success'),
  access: Type.String(),
  refresh: Type.String(),
  profile: SessionProfile,
});
export type VerifyOtpResponse = Static<typeof VerifyOtpResponse>;
export const VerifyOtpForForgetResponse = Type.Object({
  status: Type.Literal('success'),
  /** Single use, valid 10 minutes: send it with /forgot_password/. */
  reset_token: Type.String(),
});
export type VerifyOtpForForgetResponse = Static<typeof VerifyOtpForForgetResponse>;

/** POST /forgot_password/ */
export const ForgotPasswordBody = Type.Object({ email: Email, new_password: Password, reset_token: OpaqueToken });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

/** POST /manual_login/ */
export const ManualLoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 128 }) });
export type ManualLoginBody = Static<typeof ManualLoginBody>;
/** Login answer: guide flags inside profile and, as the spec's login screens read them, at the top level. */
export const LoginResponse = Type.Object({
  access: Type.String(),
  refresh: Type.String(),
  profile: SessionProfile,
  guide_tour_video_seen: Type.Boolean(),
  guide_tour_image_seen: Type.Boolean(),
  guide_tour_face_seen: Type.Boolean(),
});
export type LoginResponse = Static<typeof LoginResponse>;
/** A 400 of /manual_login/; for a sign-up not yet verified, the token to finish it with (the password was right). */
export const LoginError = Type.Object({
  error: Type.String(),
  field: Type.Optional(Type.String()),
  signup_token: Type.Optional(Type.String()),
});
export type LoginError = Static<typeof LoginError>;

/** POST /login_profile_with_google/: only the credential counts; email/name are ignored. */
export const GoogleLoginBody = Type.Object({
  credential: GoogleCredential,
  email: Type.Optional(Type.String({ maxLength: 254 })),
  google_password: Type.Optional(GooglePassword),
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type GoogleLoginBody = Static<typeof GoogleLoginBody>;
/** 404 for an unknown Google user: the verified email and name, to continue into sign-up. */
export const GoogleUnknownUser = Type.Object({
  error: Type.String(),
  field: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
});
export type GoogleUnknownUser = Static<typeof GoogleUnknownUser>;

/** POST /refresh/ */
export const RefreshBody = Type.Object({ refresh_token: OpaqueToken });
export type RefreshBody = Static<typeof RefreshBody>;
export const RefreshResponse = Type.Object({ access: Type.String(), refresh: Type.String() });
export type RefreshResponse = Static<typeof RefreshResponse>;

/** POST /logout/: 204 */
export const LogoutBody = RefreshBody;

/** GET /app_config/ */
export const AppConfigResponse = Type.Object({ google_client_id: Type.Union([Type.String(), Type.Null()]) });
export type AppConfigResponse = Static<typeof AppConfigResponse>;

/** GET /dev/outbox (development only): the mail outbox, newest first. */
export const DevOutboxResponse = Type.Object({
  messages: Type.Array(Type.Object({ file: Type.String(), to: Type.String(), subject: Type.String(), date: Type.String(), text: Type.String() })),
});
export type DevOutboxResponse = Static<typeof DevOutboxResponse>;
