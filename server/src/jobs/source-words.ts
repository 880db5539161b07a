// What made a job's media, in words (issue 45): the prompt, the celebrity names, a template's name,
// the lyrics or the typed speech as the user gave them, or where the media came from when there
// were no words (their upload, their link, their own picture). Gallery items store it when made
// (media_items.source_kind/source_text) and queue rows show it (jobs/views.ts). Read from a job's
// input (a JobInput, or one read back from jobs.input by the migration's backfill, hence `unknown`).
import type { ItemSource, SourceKind } from '../../../contract/media.ts';
import { USER_FILE_PREFIX } from '../storage/user-files.ts';
import { templateByPath } from './templates.ts';

/** The longest source text kept (contract ItemSource.text). */
const MAX_TEXT = 600;

type Source = { type?: unknown; key?: unknown; path?: unknown };

const isSource = (value: unknown): value is Source => typeof value === 'object' && value !== null && ('key' in value || 'path' in value);

/** A template's name as the page labels it ("Template 12"). */
export const templateName = (id: number): string => `Template ${id}`;

/** Where a media source came from: a template (with its name), an upload, a link copy or the user's own media. */
function originOf(source: Source): { kind: SourceKind; text: string } {
  if (source.type === 'template' && typeof source.path === 'string') {
    const template = templateByPath(source.path);
    return { kind: 'template', text: template ? templateName(template.id) : '' };
  }
  const key = typeof source.key === 'string' ? source.key : '';
  if (key.startsWith(USER_FILE_PREFIX.fetched)) return { kind: 'link', text: '' };
  if ([USER_FILE_PREFIX.upload, USER_FILE_PREFIX.portrait, USER_FILE_PREFIX.voice_sample].some((prefix) => key.startsWith(prefix))) return { kind: 'upload', text: '' };
  return { kind: 'picture', text: '' };
}

const words = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const cut = (source: ItemSource): ItemSource => ({ kind: source.kind, text: source.text.length > MAX_TEXT ? source.text.slice(0, MAX_TEXT) : source.text });

/** The words of a job input, or null when it is not one (a missing or unreadable input). */
export function sourceOf(input: unknown): ItemSource | null {
  if (typeof input !== 'object' || input === null) return null;
  const i = input as Record<string, unknown>;
  const from = (...fields: string[]): ItemSource => {
    const sources = fields.map((f) => i[f]).filter(isSource).map(originOf);
    // A template names it; then a link, an upload, the user's own picture.
    for (const kind of ['template', 'link', 'upload'] as const) {
      const found = sources.find((s) => s.kind === kind);
      if (found) return found;
    }
    return { kind: 'picture', text: '' };
  };
  switch (i.kind) {
    case 'face': {
      const names = Array.isArray(i.celebrities) ? i.celebrities.map(words).filter(Boolean) : [];
      return cut(names.length > 0 ? { kind: 'celebrities', text: names.join(', ') } : { kind: 'prompt', text: words(i.prompt) });
    }
    case 'image':
      return cut({ kind: 'prompt', text: words(i.prompt) });
    case 'imageToVideo':
      return words(i.prompt) ? cut({ kind: 'prompt', text: words(i.prompt) }) : from('image');
    case 'music':
      return words(i.lyrics) ? cut({ kind: 'lyrics', text: words(i.lyrics) }) : from('song');
    case 'talking':
      return words(i.text) ? cut({ kind: 'text', text: words(i.text) }) : from('voice', 'song');
    case 'swapImage':
    case 'swapVideo':
      return from('target');
    case 'clothSwap':
      return from('garment', 'person');
    case 'upscale':
      return from('image');
    default:
      return null;
  }
}
