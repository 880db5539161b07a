// Build-time settings the page reads (all optional; see README "Configuration").
interface ImportMetaEnv {
  readonly VITE_BACKEND_URL?: string;
  readonly VITE_CLIENT_SECRET?: string;
  readonly VITE_RESULT_SECRET?: string;
  readonly VITE_MEDIA_BASE_URL?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
}
