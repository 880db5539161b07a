// The template library of spec document 2 §3: numbered pictures and clips per gender, kept in the
// bucket's layout (ImageTemplate/{id}.jpg, ImageTemplateMen/{id}.jpg, VideoTemplate/{id}.mp4,
// VideoTemplateMen/{id}.mp4) under /media/templates/, each with a small JPEG thumbnail. The server
// makes the files (server/src/templates/); the page and the service worker import this manifest
// and each builds its own URLs from the paths (src/content/media.ts, sw/mediaUrls.ts). Data only.

export type TemplateGender = 'female' | 'male';
export type TemplateKind = 'image' | 'video';

/** Spec §9: women image 185, men image 31, women video 156, men video 47. Ids start at 1. */
export const TEMPLATE_COUNTS: Readonly<Record<TemplateKind, Readonly<Record<TemplateGender, number>>>> = {
  image: { female: 185, male: 31 },
  video: { female: 156, male: 47 },
};

export const TEMPLATE_FOLDERS: Readonly<Record<TemplateKind, Readonly<Record<TemplateGender, string>>>> = {
  image: { female: 'ImageTemplate', male: 'ImageTemplateMen' },
  video: { female: 'VideoTemplate', male: 'VideoTemplateMen' },
};

/** Bump when the drawing of templates changes: caches and stamps of older libraries are not reused. */
export const TEMPLATE_LIBRARY_VERSION = 1;

export interface TemplateEntry {
  id: number;
  kind: TemplateKind;
  gender: TemplateGender;
  /** Below /media/templates/: 'ImageTemplate/12.jpg', 'VideoTemplateMen/3.mp4'. */
  path: string;
  /** Below /media/templates/: 'thumbs/ImageTemplate/12.jpg' (JPEG for both kinds). */
  thumb: string;
}

/** Every template, in id order per kind and gender. */
export const TEMPLATE_MANIFEST: readonly TemplateEntry[] = (['image', 'video'] as const).flatMap((kind) =>
  (['female', 'male'] as const).flatMap((gender) =>
    Array.from({ length: TEMPLATE_COUNTS[kind][gender] }, (_, i): TemplateEntry => {
      const folder = TEMPLATE_FOLDERS[kind][gender];
      const id = i + 1;
      return { id, kind, gender, path: `${folder}/${id}.${kind === 'image' ? 'jpg' : 'mp4'}`, thumb: `thumbs/${folder}/${id}.jpg` };
    }),
  ),
);

/** The template's entry, or undefined when the id is outside the counts. */
export function findTemplate(kind: TemplateKind, gender: TemplateGender, id: number): TemplateEntry | undefined {
  if (!Number.isInteger(id) || id < 1 || id > TEMPLATE_COUNTS[kind][gender]) return undefined;
  return TEMPLATE_MANIFEST.find((t) => t.kind === kind && t.gender === gender && t.id === id);
}
