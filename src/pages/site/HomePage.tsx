import { DeferredSection } from './components/DeferredSection';
import { NewsletterSection } from './components/NewsletterSection';
import { TestimonialsSection } from './components/TestimonialsSection';
import { CommunityVideos } from './home/CommunityVideos';
import { FeatureTabs } from './home/FeatureTabs';
import { HeroSection } from './home/HeroSection';
import { HomeFaq } from './home/HomeFaq';
import { ImageCarousel } from './home/ImageCarousel';

/**
 * Home (/): hero, carousel, features, community, testimonials, FAQ, newsletter (spec 000 §2).
 * The first screenful renders at once; the sections below it mount one per idle task.
 */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      <ImageCarousel />
      <DeferredSection minH="60rem">
        <FeatureTabs />
      </DeferredSection>
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
