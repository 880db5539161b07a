// Blog content: the list's card data (catalog.ts) agrees with the full articles (loadArticle).
import { describe, expect, it } from 'vitest';
import { BLOG_CATALOG } from '../../src/content/blog/catalog';
import { BLOG_CARDS } from '../../src/content/blogCards';
import { loadArticle, readTimeLabel, readTimeMinutes } from '../../src/content/blogs';
import type { BlogArticle } from '../../src/content/types';

const articles = async (): Promise<BlogArticle[]> =>
  (await Promise.all(BLOG_CATALOG.map((meta) => loadArticle(meta.slug)))).map((a) => a!);

describe('blog articles', () => {
  it('ten articles with unique slugs, in id order, each with a body; unknown slugs load as null', async () => {
    const all = await articles();
    expect(all.map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(all.map((b) => b.slug)).size).toBe(10);
    for (const blog of all) expect(blog.header.length + blog.subHeaderData.length, blog.slug).toBeGreaterThan(1);
    expect(await loadArticle('no-such-article')).toBeNull();
    expect(loadArticle(all[0]!.slug)).toBe(loadArticle(all[0]!.slug));
  });

  it("each card's read time is the article's, at 200 words per minute (update catalog.ts after editing an article)", async () => {
    const all = await articles();
    for (const [i, meta] of BLOG_CATALOG.entries()) {
      expect(meta.readMinutes, meta.slug).toBe(readTimeMinutes(all[i]!));
      expect(BLOG_CARDS[i]!.watch, meta.slug).toBe(readTimeLabel(all[i]!));
    }
  });

  it('cards carry the same title, summary, image and author as the articles', async () => {
    const all = await articles();
    expect(BLOG_CARDS.map(({ slug, title, subText, image, imageAlt, name, datetime }) => ({ slug, title, subText, image, imageAlt, name, datetime }))).toEqual(
      all.map(({ slug, title, subText, image, imageAlt, name, datetime }) => ({ slug, title, subText, image, imageAlt, name, datetime })),
    );
  });
});
