// "Use these settings" (issue 45): the details panel hands an item's settings and inputs (GET
// /api/media/{id}) to the screen that made it, which fills its form with them when it opens: the
// words and choices, the face or picture it used (a gallery item), the template, and an upload
// still kept (fetched again as a file). Kept for the next opening of that screen only, in this tab
// (a module value: a reload drops it, as it drops a form).
import { useEffect } from 'react';
import type { MediaDetails, MediaInput } from '../../contract/media';
import { TEMPLATE_MANIFEST, type TemplateEntry } from '../../contract/templates';
import { galleryData, useGalleryStore, type GalleryFace } from './galleryStore';

/** The screen each job kind is made on; kinds without a form to fill (upscale) have none. */
export const SETTINGS_SCREEN: Readonly<Record<string, string>> = {
  face: '/face',
  image: '/image',
  swapImage: '/image',
  swapVideo: '/video',
  clothSwap: '/clothSwap',
  imageToVideo: '/Imagetovideo',
  music: '/AIMusic',
  talking: '/talk',
};

/** An input the screen can use again: where it is now, and its gallery item when it is one. */
export interface HandedInput {
  url: string;
  mediaId: string | null;
  origin: MediaInput['origin'];
}

export interface Handed {
  /** The job's kind: 'image' (by prompt) and 'swapImage' (on a post or template) share /image. */
  kind: string;
  settings: Readonly<Record<string, unknown>>;
  /** By the job's field name ('face', 'image', 'garment'…); inputs no longer kept are left out. */
  inputs: Readonly<Record<string, HandedInput>>;
}

let waiting: { screen: string; handed: Handed } | null = null;

export function handOffSettings(screen: string, details: Pick<MediaDetails, 'kind' | 'settings' | 'inputs'>): void {
  const inputs: Record<string, HandedInput> = {};
  for (const { field, url, media_id, origin } of details.inputs) if (url) inputs[field] = { url, mediaId: media_id, origin };
  waiting = { screen, handed: { kind: details.kind, settings: details.settings ?? {}, inputs } };
}

/** Gives what waits for `screen` to `take` once, when the screen opens. */
export function useHandedSettings(screen: string, take: (handed: Handed) => void): void {
  useEffect(() => {
    if (waiting?.screen !== screen) return;
    const { handed } = waiting;
    waiting = null;
    take(handed);
    // Looked for once per opening; `take` is the screen's own setter code.
  }, [screen]);
}

/** A setting as text ('' when absent or not text). */
export const textSetting = (settings: Readonly<Record<string, unknown>>, key: string): string => {
  const value = settings[key];
  return typeof value === 'string' ? value : '';
};

/** The gender a job was made for, when it says. */
export const genderSetting = (settings: Readonly<Record<string, unknown>>): 'female' | 'male' | null =>
  settings.gender === 'female' || settings.gender === 'male' ? settings.gender : null;

/** The template an input is (its URL ends in /templates/{path}), when it is one. */
export function templateOf(input: HandedInput | undefined): TemplateEntry | undefined {
  if (input?.origin !== 'template') return undefined;
  const path = new URL(input.url, 'http://x').pathname;
  return TEMPLATE_MANIFEST.find((t) => path.endsWith(`/templates/${t.path}`));
}

/**
 * What the image and video screens take from a face swap or an image: the template, the gender
 * (the template's, else the job's) and the gallery face, put first among the picker's faces as a
 * face picked there is.
 */
export function takeFaceChoices({ settings, inputs }: Handed): { template?: TemplateEntry; gender: 'female' | 'male' | null; face?: GalleryFace } {
  const template = templateOf(inputs.target);
  const store = useGalleryStore.getState();
  const id = inputs.face?.mediaId;
  const face = id ? galleryData(store)?.faces.find((f) => f.id === id) : undefined;
  if (face) store.choose(face.gender === 'male' ? 'male' : 'female', face.id);
  return { template, gender: template?.gender ?? genderSetting(settings), face };
}

/** An upload still kept, fetched again as a file named `name` (with its type's extension); null when it cannot be. */
export async function inputFile(input: HandedInput | undefined, name: string): Promise<File | null> {
  if (!input) return null;
  try {
    const response = await fetch(input.url);
    if (!response.ok) return null;
    const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    const ext = /\.(\w{2,5})(?:[?#]|$)/.exec(input.url)?.[1]?.toLowerCase() ?? (type.split('/')[1] || 'bin');
    return new File([await response.arrayBuffer()], `${name}.${ext}`, { type });
  } catch {
    return null;
  }
}
