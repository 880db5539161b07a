// Profile and feedback calls of spec document 1 §7 (bearer token added by the api client).
import { api } from './client';

export interface ProfileDetails {
  name: string;
  email: string;
  receive_comms: boolean;
}

export interface TrackStatus {
  days_left: number | null;
  end_date: string | null;
}

export interface ProfileResponse {
  profile: ProfileDetails;
  track_status: TrackStatus | null;
}

export const profileApi = {
  get: (userId: string) => api.post<ProfileResponse>('/get_profiles/', { user_id: userId }),
  update: (userId: string, changes: { name?: string; receive_comms?: boolean }) =>
    api.post<{ status: string; profile?: ProfileDetails }>('/update_profile/', { user_id: userId, ...changes }),
  remove: (userId: string, email: string) => api.post<void>('/delete-profile/', { user_id: userId, email }),
  sendFeedback: (userId: string, rating: number, description: string) =>
    api.post<{ status: string }>('/feedbacks/', { user_id: userId, rating, description }),
};
