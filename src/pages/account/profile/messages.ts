// Profile texts of spec document 1 §4 and §8.
export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  updateFailed: 'Failed to update profile',
  deleteFailed: 'Failed to delete account',
  updated: 'Profile updated successfully!',
  noPlan: 'No active plan',
  loggingOut: 'Logging out...',
} as const;

/** How long 'Profile updated successfully!' stays, and how long the logout overlay shows. */
export const PROFILE_MESSAGE_MS = 3000;
export const LOGOUT_OVERLAY_MS = 2000;
