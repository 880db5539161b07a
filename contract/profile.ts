import { Type, type Static } from 'typebox';
import { FreeText } from './text.ts';
import { PersonName } from './auth.ts';

// Signed-in calls (bearer token). A user_id in a body must be the token's user, else 403.

const UserId = Type.String({ minLength: 1, maxLength: 64 });

export const Profile = Type.Object({ name: Type.String(), email: Type.String(), receive_comms: Type.Boolean() });
export type Profile = Static<typeof Profile>;

/** POST /get_profiles/ */
export const GetProfilesBody = Type.Object({ user_id: UserId });
export type GetProfilesBody = Static<typeof GetProfilesBody>;
export const TrackStatus = Type.Object({
  /** Whole days until the active subscription's period ends; 0 without one. */
  days_left: Type.Integer({ minimum: 0 }),
  end_date: Type.Union([Type.String(), Type.Null()]),
});
export const GetProfilesResponse = Type.Object({ profile: Profile, track_status: TrackStatus });
export type GetProfilesResponse = Static<typeof GetProfilesResponse>;

/** POST /update_profile/ */
export const UpdateProfileBody = Type.Object({
  user_id: UserId,
  name: Type.Optional(PersonName),
  receive_comms: Type.Optional(Type.Boolean()),
});
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;
export const UpdateProfileResponse = Type.Object({ status: Type.Literal('success'), profile: Profile });
export type UpdateProfileResponse = Static<typeof UpdateProfileResponse>;

/** POST /delete-profile/: 204; the email must be the account's. */
export const DeleteProfileBody = Type.Object({ user_id: UserId, email: Type.String({ minLength: 1, maxLength: 254 }) });
export type DeleteProfileBody = Static<typeof DeleteProfileBody>;

/** POST /feedbacks/ */
export const FeedbackBody = Type.Object({
  user_id: UserId,
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  description: Type.Optional(FreeText({ maxLength: 2000 })),
});
export type FeedbackBody = Static<typeof FeedbackBody>;

/** POST /tour-complete/ */
export const TourCompleteBody = Type.Object({
  section: Type.Union([Type.Literal('face'), Type.Literal('image'), Type.Literal('video')]),
});
export type TourCompleteBody = Static<typeof TourCompleteBody>;

export const StatusSuccess = Type.Object({ status: Type.Literal('success') });
export type StatusSuccess = Static<typeof StatusSuccess>;
