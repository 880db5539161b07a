import { lazy } from 'react';
import { HydrateNearView } from '../../../app/HydrateNearView';

const NewsletterSection = lazy(() => import('./NewsletterSection').then((m) => ({ default: m.NewsletterSection })));

/**
 * The newsletter block at the foot of a page: prerendered, then hydrated (and its code loaded)
 * when the visitor nears it.
 */
export function NewsletterBlock() {
  return (
    <HydrateNearView>
      <NewsletterSection />
    </HydrateNearView>
  );
}
