// Shape of one article file; blogs.ts adds the image URLs, author name and read time.
import type { BlogArticle } from '../types.ts';
import type { BlogAuthorKey } from './authors.ts';

export type BlogArticleDraft = Omit<BlogArticle, 'image' | 'userImage' | 'name' | 'watch'> & {
  author: BlogAuthorKey;
};
