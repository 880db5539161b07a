import { lazy } from 'react';
import { HydrateNearView } from '../../app/HydrateNearView';
import { DeferredSection } from './components/DeferredSection';
import { HeroSection } from './home/HeroSection';
import { ImageCarousel } from './home/ImageCarousel';

// Each section below the carousel is its own chunk, loaded when the visitor scrolls near it.
const FeatureTabs = lazy(() => import('./home/FeatureTabs').then((m) => ({ default: m.FeatureTabs })));
const CommunityVideos = lazy(() => import('./home/CommunityVideos').then((m) => ({ default: m.CommunityVideos })));
const TestimonialsSection = lazy(() => import('./components/TestimonialsSection').then((m) => ({ default: m.TestimonialsSection })));
const HomeFaq = lazy(() => import('./home/HomeFaq').then((m) => ({ default: m.HomeFaq })));
const NewsletterSection = lazy(() => import('./components/NewsletterSection').then((m) => ({ default: m.NewsletterSection })));

/**
 * Home (/): hero, carousel, features, community, testimonials, FAQ, newsletter (spec 000 §2).
 * The first screenful is prerendered and hydrated. The features, which a phone shows on its first
 * screen, are prerendered too but hydrated (their code loaded) only as they near view; rendering
 * them in the browser instead added their styles and a relayout of the page while it was starting.
 * The sections further down load and render as they near view.
 */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      <ImageCarousel />
      <HydrateNearView>
        <FeatureTabs />
      </HydrateNearView>
      <DeferredSection minH="80rem">
        <CommunityVideos />
      </DeferredSection>
      <DeferredSection minH="70rem">
        <TestimonialsSection />
      </DeferredSection>
      <DeferredSection minH="40rem">
        <HomeFaq />
      </DeferredSection>
      <DeferredSection minH="30rem">
        <NewsletterSection />
      </DeferredSection>
    </>
  );
}
