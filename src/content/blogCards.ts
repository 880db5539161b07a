// What the blog list (/blogs) shows of each article: its card. Built from the catalog alone, so
// the list page does not load the ten article bodies (blogs.ts, the article page's).
// The card shows `title` cut to 45 characters and `subText` cut to 120 (truncate() in text.ts).
import type { BlogArticle } from './types.ts';
import { BLOG_AUTHORS } from '../../contract/blog-authors.ts';
import { BLOG_CATALOG } from './blog/catalog.ts';
import { siteMedia } from './media.ts';

export const BLOGS_PAGE = {
  title: 'Blogs',
  subtitle: 'Guides, workflows and ideas for creators, brands and agencies building virtual influencers.',
  breadcrumbRoot: 'Blogs',
  breadcrumbDetail: 'Blog Details',
  readMoreLabel: 'Read article',
} as const;

export type BlogCard = Pick<BlogArticle, 'slug' | 'title' | 'subText' | 'image' | 'imageAlt' | 'name' | 'datetime'> & {
  /** 'N min read'. */
  watch: string;
};

/** The generated cover image of an article. */
export function articleImage(article: Pick<BlogArticle, 'slug'>): string {
  return siteMedia(`blog/${article.slug}.webp`);
}

/** Route of an article's detail page. */
export function blogPath(article: Pick<BlogArticle, 'slug'>): string {
  return `/blogsDetails/${article.slug}`;
}

/** Cards in id order (1 to 10). */
export const BLOG_CARDS: readonly BlogCard[] = BLOG_CATALOG.map((meta) => ({
  slug: meta.slug,
  title: meta.title,
  subText: meta.subText,
  image: articleImage(meta),
  imageAlt: meta.imageAlt,
  name: BLOG_AUTHORS[meta.author].name,
  datetime: meta.datetime,
  watch: `${meta.readMinutes} min read`,
}));
