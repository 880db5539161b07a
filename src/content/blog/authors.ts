// Blog authors' avatars, generated at authors/<key>.webp (the authors are in contract/blog-authors.ts).
import type { BlogAuthorKey } from '../../../contract/blog-authors.ts';
import { siteMedia } from '../media.ts';

export function authorImage(key: BlogAuthorKey): string {
  return siteMedia(`authors/${key}.webp`);
}
