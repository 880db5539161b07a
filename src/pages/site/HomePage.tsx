import { TestimonialsSection } from './components/TestimonialsSection';
import { NewsletterSection } from './components/NewsletterSection';
import { CommunityVideos } from './home/CommunityVideos';
import { FeatureTabs } from './home/FeatureTabs';
import { HeroSection } from './home/HeroSection';
import { HomeFaq } from './home/HomeFaq';
import { ImageCarousel } from './home/ImageCarousel';

/** Home (/): hero, carousel, features, community, testimonials, FAQ, newsletter (spec 000 §2). */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      <ImageCarousel />
      <FeatureTabs />
      <CommunityVideos />
      <TestimonialsSection />
      <HomeFaq />
      <NewsletterSection />
    </>
  );
}
