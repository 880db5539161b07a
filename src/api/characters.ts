// The character calls (issue 44), typed with the server's schemas (type-only imports: no runtime
// cost). Base URL, bearer and 401 refresh-and-retry come from the api client.
import type {
  Character,
  CharacterList,
  CharacterUpload,
  CreateCharacterBody,
  MediaPatchBody,
  UpdateCharacterBody,
  VoicePreviewBody,
} from '../../contract/characters';
import { api, ApiError, apiRequest } from './client';

export type { Character, CharacterList, CharacterUpload, CreateCharacterBody, UpdateCharacterBody, VoicePreviewBody };

const path = (id: string) => `/characters/${encodeURIComponent(id)}`;

export const charactersApi = {
  list: () => api.get<CharacterList>('/characters'),
  get: (id: string) => api.get<Character>(path(id)),
  create: (body: CreateCharacterBody) => api.post<Character>('/characters', body),
  update: (id: string, changes: UpdateCharacterBody) => apiRequest<Character>(path(id), { method: 'PATCH', body: changes }),
  /** `deleteOutputs`: its gallery items go too; otherwise they stay, with no character. */
  remove: (id: string, deleteOutputs: boolean) => apiRequest<void>(`${path(id)}${deleteOutputs ? '?delete_outputs=true' : ''}`, { method: 'DELETE' }),
  /** A portrait or a voice sample for a character (consent ticked): its URL, for face_url or voice.sample_url. */
  upload: (kind: CharacterUpload['kind'], file: File) => {
    const form = new FormData();
    form.append('consent', 'true');
    form.append(kind, file, file.name);
    return apiRequest<CharacterUpload>('/characters/uploads', { method: 'POST', body: form });
  },
  /** "Hear it": the preset voice saying a short line, as audio/wav. */
  voicePreview: (body: VoicePreviewBody) => apiRequest<Blob>('/characters/voice-preview', { method: 'POST', body, responseType: 'blob', headers: { Accept: 'audio/wav, application/json' } }),
  /** Moves a gallery item to another character, or to none (null). */
  moveMedia: (mediaId: string, characterId: MediaPatchBody['character_id']) =>
    apiRequest<{ id: string; character_id: string | null }>(`/media/${encodeURIComponent(mediaId)}`, { method: 'PATCH', body: { character_id: characterId } }),
};

/** A refusal's field and message (400 `{error, field}`), for showing it by its field. */
export function fieldError(err: unknown): { field: string | null; message: string } {
  if (err instanceof ApiError) {
    const data = err.data as { field?: unknown } | undefined;
    const message = err.status === 0 ? 'You seem to be offline: try again when connected.' : err.message;
    return { field: typeof data?.field === 'string' ? data.field : null, message };
  }
  return { field: null, message: err instanceof Error ? err.message : 'Something went wrong.' };
}
