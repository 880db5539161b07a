// The gallery item calls (issue 45), typed with the server's schemas (type-only imports): mark a
// favourite, delete, the same for many at once, and the details panel's facts.
import type { MediaBulkResponse, MediaDetails, MediaPatchResponse } from '../../contract/media';
import { apiRequest } from './client';

const path = (id: string) => `/media/${encodeURIComponent(id)}`;

export const mediaApi = {
  favourite: (id: string, favourite: boolean) => apiRequest<MediaPatchResponse>(path(id), { method: 'PATCH', body: { favourite } }),
  favouriteMany: (ids: readonly string[], favourite: boolean) => apiRequest<MediaBulkResponse>('/media/', { method: 'PATCH', body: { ids, favourite } }),
  remove: (id: string) => apiRequest<void>(path(id), { method: 'DELETE' }),
  removeMany: (ids: readonly string[]) => apiRequest<MediaBulkResponse>('/media/delete', { method: 'POST', body: { ids } }),
  details: (id: string, signal?: AbortSignal) => apiRequest<MediaDetails>(path(id), { method: 'GET', signal }),
};
