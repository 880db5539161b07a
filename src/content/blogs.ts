// A blog article in full (spec 000 §3 Blog article), loaded by the article page, and the read-time
// helpers. The list page needs only blogCards.ts. Titles render as `title` then the highlighted
// `gradianttitle` (see types.ts).
import type { BlogArticle } from './types.ts';
import type { BlogArticleDraft } from './blog/draft.ts';
import { BLOG_AUTHORS } from '../../contract/blog-authors.ts';
import { authorImage } from './blog/authors.ts';
import { BLOG_CATALOG } from './blog/catalog.ts';
import { articleImage } from './blogCards.ts';
import { countWords } from './text.ts';

export { BLOG_AUTHORS } from '../../contract/blog-authors.ts';
export { BLOGS_PAGE, blogPath } from './blogCards.ts';

/** Reading speed for read-time labels (spec 000 §9). */
export const WORDS_PER_MINUTE = 200;

type ReadTimeInput = Pick<BlogArticle, 'title' | 'gradianttitle' | 'subText' | 'header' | 'subHeaderData'>;

/** Every piece of text a reader reads: the title, summary, headings and paragraphs. */
function articleTexts(article: ReadTimeInput): string[] {
  return [
    article.title,
    article.gradianttitle,
    article.subText,
    ...article.header.flatMap((h) => [h.title, h.gradianttitle, ...h.items.flat()]),
    ...article.subHeaderData.flatMap((s) => [
      s.subHeader,
      s.gradianttitle,
      ...s.items.flatMap((i) => [i.title, i.gradianttitle, ...i.text]),
    ]),
  ];
}

/** Total words of the article (title, summary, headings and paragraphs). */
export function articleWordCount(article: ReadTimeInput): number {
  return articleTexts(article).reduce((sum, text) => sum + countWords(text), 0);
}

/** Minutes to read at 200 words per minute, rounded up, at least 1. */
export function readTimeMinutes(article: ReadTimeInput): number {
  return Math.max(1, Math.ceil(articleWordCount(article) / WORDS_PER_MINUTE));
}

/** 'N min read' (ARCHITECTURE §8: computed, not the original fixed '4 min read'). */
export function readTimeLabel(article: ReadTimeInput): string {
  return `${readTimeMinutes(article)} min read`;
}

/** The full headline as one string, e.g. for the document title. */
export function fullTitle(article: Pick<BlogArticle, 'title' | 'gradianttitle'>): string {
  return article.gradianttitle ? `${article.title} ${article.gradianttitle}` : article.title;
}

function publish(draft: BlogArticleDraft): BlogArticle {
  const { author, ...rest } = draft;
  return {
    ...rest,
    image: articleImage(draft),
    userImage: authorImage(author),
    name: BLOG_AUTHORS[author].name,
    watch: readTimeLabel(draft),
  };
}

const loading = new Map<string, Promise<BlogArticle | null>>();

/**
 * The article with this slug: its card data with its body (loaded once, then shared), or null for
 * an unknown slug. The same promise every time, so a component can use() it.
 */
export function loadArticle(slug: string): Promise<BlogArticle | null> {
  let article = loading.get(slug);
  if (!article) {
    const meta = BLOG_CATALOG.find((m) => m.slug === slug);
    article = meta
      ? meta.loadBody().then(
          (body) => {
            const { readMinutes: _listed, loadBody: _load, ...card } = meta;
            return publish({ ...card, ...body });
          },
          (err: unknown) => {
            loading.delete(slug); // a later visit tries again (offline before the chunk was cached)
            throw err;
          },
        )
      : Promise.resolve(null);
    loading.set(slug, article);
  }
  return article;
}
