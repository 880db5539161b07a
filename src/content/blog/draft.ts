// Shapes of the article data: the card data in catalog.ts, the body in each article file;
// blogs.ts joins them and adds the image URLs, author name and read time.
import type { BlogArticle } from '../types.ts';
import type { BlogAuthorKey } from '../../../contract/blog-authors.ts';

export type BlogArticleMeta = Pick<BlogArticle, 'id' | 'slug' | 'title' | 'gradianttitle' | 'subText' | 'imageAlt' | 'datetime'> & {
  author: BlogAuthorKey;
  /** Read time at 200 words per minute of the whole article (checked by tests/unit/blogs.test.ts). */
  readMinutes: number;
  /** Loads the article's body (its own chunk). */
  loadBody: () => Promise<BlogArticleBody>;
};

export type BlogArticleBody = Pick<BlogArticle, 'header' | 'subHeaderData'>;

export type BlogArticleDraft = Omit<BlogArticleMeta, 'readMinutes' | 'loadBody'> & BlogArticleBody;
