// The paths the build prerenders (scripts/build/prerender.ts via src/app/prerender.tsx). Plain data,
// so browser tests can walk the same list.
import { BLOG_CATALOG } from './blog/catalog';

/** Every public page with content of its own; the rest of the app loads the plain shell. */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/about',
  '/terms',
  '/privacy',
  '/ai-transparency',
  '/affiliate',
  '/faqs',
  '/careers',
  '/contact',
  '/blogs',
  '/pricing',
  '/testimonials',
  '/commingsoon',
  // A visitor's second page is usually one of these: shown before any script, like the rest.
  '/login',
  '/signup',
  ...BLOG_CATALOG.map((blog) => `/blogsDetails/${blog.slug}`),
];
