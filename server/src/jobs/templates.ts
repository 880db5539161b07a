// Templates as jobs see them: made on demand when a job needs one that is not yet, and their
// face box or face track (pure functions of the template).
import { TEMPLATE_MANIFEST, type TemplateEntry } from '../../../contract/templates.ts';
import type { FaceBox, FaceTrack } from '../engines/types.ts';
import { ensureTemplateFile, type TemplateLibrary } from '../templates/library.ts';
import { faceBoxOf, faceTrackOf } from '../templates/metadata.ts';

export interface TemplateFiles {
  /** Makes the template's file if missing; answers its storage key ('templates/VideoTemplate/3.mp4'). */
  ensure(path: string): Promise<string>;
  faceBox(path: string): FaceBox | undefined;
  faceTrack(path: string): FaceTrack | undefined;
}

const BY_PATH: ReadonlyMap<string, TemplateEntry> = new Map(TEMPLATE_MANIFEST.map((t) => [t.path, t]));

/** The template whose file is `path` (below /media/templates/), if it is one. */
export const templateByPath = (path: string): TemplateEntry | undefined => BY_PATH.get(path);

export function templateFiles(library: TemplateLibrary): TemplateFiles {
  const entry = (path: string) => {
    const t = BY_PATH.get(path);
    if (!t) throw new Error(`not a template: ${path}`);
    return t;
  };
  return {
    async ensure(path) {
      await ensureTemplateFile(library, entry(path));
      return `templates/${path}`;
    },
    faceBox: (path) => {
      const t = BY_PATH.get(path);
      return t?.kind === 'image' ? faceBoxOf(t) : undefined;
    },
    faceTrack: (path) => {
      const t = BY_PATH.get(path);
      return t?.kind === 'video' ? faceTrackOf(t) : undefined;
    },
  };
}
