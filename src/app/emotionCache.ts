import createCache, { type EmotionCache } from '@emotion/cache';
import { PRERENDERED_CSS_ATTR } from '../../contract/prerender';

/**
 * The page's emotion cache. A prerendered page already holds its rules in one <style> in <head>:
 * they are marked inserted here, so hydration neither inserts them again nor moves that element
 * (emotion's own server-style pickup would, and moving a stylesheet restyles the whole page).
 */
export function createPageEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  const held = document.querySelector(`style[${PRERENDERED_CSS_ATTR}]`)?.getAttribute(PRERENDERED_CSS_ATTR) ?? '';
  for (const name of held.split(' ')) if (name) cache.inserted[name] = true;
  return cache;
}
