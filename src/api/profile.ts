// Profile and feedback calls of spec document 1 §7 (bearer token added by the api client), typed
// with the server's schemas (type-only imports).
import type { GetProfilesResponse, Profile, StatusSuccess, UpdateProfileResponse } from '../../contract/profile';
import { api } from './client';

export type ProfileDetails = Profile;
export type ProfileResponse = GetProfilesResponse;
export type TrackStatus = GetProfilesResponse['track_status'];

export const profileApi = {
  get: (userId: string) => api.post<ProfileResponse>('/get_profiles/', { user_id: userId }),
  update: (userId: string, changes: { name?: string; receive_comms?: boolean }) =>
    api.post<UpdateProfileResponse>('/update_profile/', { user_id: userId, ...changes }),
  remove: (userId: string, email: string) => api.post<void>('/delete-profile/', { user_id: userId, email }),
  sendFeedback: (userId: string, rating: number, description: string) =>
    api.post<StatusSuccess>('/feedbacks/', { user_id: userId, rating, description }),
};
