// The ten blog articles (spec 000 §2 Blogs, §3 Blog article) and their read-time helpers.
// Titles render as `title` then the highlighted `gradianttitle` (see types.ts); the card shows
// `title` cut to 45 characters and `subText` cut to 120 (truncate() in text.ts).
import type { BlogArticle } from './types.ts';
import type { BlogArticleDraft } from './blog/draft.ts';
import { BLOG_AUTHORS, authorImage } from './blog/authors.ts';
import { siteMedia } from './media.ts';
import { countWords } from './text.ts';
import { article as a1 } from './blog/01-consistent-character.ts';
import { article as a2 } from './blog/02-face-prompts.ts';
import { article as a3 } from './blog/03-brand-persona.ts';
import { article as a4 } from './blog/04-ethics-disclosure.ts';
import { article as a5 } from './blog/05-face-swap-video.ts';
import { article as a6 } from './blog/06-cloth-swap-fashion.ts';
import { article as a7 } from './blog/07-ai-music.ts';
import { article as a8 } from './blog/08-instagram-growth.ts';
import { article as a9 } from './blog/09-monetisation.ts';
import { article as a10 } from './blog/10-agency-workflows.ts';

export { BLOG_AUTHORS } from './blog/authors.ts';

/** Reading speed for read-time labels (spec 000 §9). */
export const WORDS_PER_MINUTE = 200;

export const BLOGS_PAGE = {
  title: 'Blogs',
  subtitle: 'Guides, workflows and ideas for creators, brands and agencies building virtual influencers.',
  breadcrumbRoot: 'Blogs',
  breadcrumbDetail: 'Blog Details',
  readMoreLabel: 'Read article',
} as const;

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
    image: siteMedia(`blog/${draft.slug}.webp`),
    userImage: authorImage(author),
    name: BLOG_AUTHORS[author].name,
    watch: readTimeLabel(draft),
  };
}

/** Articles in id order (1 to 10). */
export const BLOGS: readonly BlogArticle[] = [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10].map(publish);

export function blogBySlug(slug: string): BlogArticle | undefined {
  return BLOGS.find((b) => b.slug === slug);
}

/** Route of an article's detail page. */
export function blogPath(article: Pick<BlogArticle, 'slug'>): string {
  return `/blogsDetails/${article.slug}`;
}
