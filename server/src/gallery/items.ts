// A gallery item as POST /gallery/ answers it in its group (spec §3, with issue 29's ids, issue 44's
// character and issue 45's favourite, source words, engine and size): the gallery's answer pieces and
// GET /api/media/{id} both make it here. URLs come from storage keys, so a MEDIA_BASE_URL changed later
// still gives working links.
import type { GalleryGroup } from '../../../contract/studio.ts';
import type { GalleryItem } from '../db/repositories/gallery.ts';
import type { MediaKind } from '../db/schema.ts';

/** The POST /gallery/ group of each media_items kind. */
export const GROUP_OF: Readonly<Record<MediaKind, GalleryGroup>> = { face: 'faces', image: 'images', video: 'videos', cloth: 'cloth', audio: 'audio', imgTovideo: 'gen_video' };

/** An item as its group's entry (object literals, not spreads of a shared base: a page has hundreds). */
export function itemOf(r: GalleryItem, urlOf: (key: string) => string) {
  const { id, created_at, job_id, character_id, engine, width, height, duration_seconds } = r;
  const url = urlOf(r.storage_key);
  const favourite = r.favourite === 1;
  const source = r.source_kind === null ? null : { kind: r.source_kind, text: r.source_text ?? '' };
  switch (r.kind) {
    case 'face': return { id, created_at, job_id, character_id, favourite, source, engine, width, height, duration_seconds, image_url: url, gender: r.gender, face_prompt: r.face_prompt };
    case 'image': return { id, created_at, job_id, character_id, favourite, source, engine, width, height, duration_seconds, image_url: url, gender: r.gender, upscaled_from: r.upscaled_from === null ? null : urlOf(r.upscaled_from), scale: r.scale };
    case 'cloth': return { id, created_at, job_id, character_id, favourite, source, engine, width, height, duration_seconds, gen_image_url: url };
    case 'audio': return { id, created_at, job_id, character_id, favourite, source, engine, width, height, duration_seconds, audio_url: url };
    case 'video':
    case 'imgTovideo': return { id, created_at, job_id, character_id, favourite, source, engine, width, height, duration_seconds, video_url: url };
  }
}
