import { VisuallyHidden } from '@chakra-ui/react';
import { usePageTitle } from '../../app/usePageTitle';
import { TestimonialsSection } from './components/TestimonialsSection';
import { useWarmSiteMedia } from './components/useWarmSiteMedia';

/** Testimonials (/testimonials): the testimonial section on its own. */
export default function TestimonialsPage() {
  useWarmSiteMedia();
  usePageTitle('Testimonials');
  return (
    <>
      <VisuallyHidden asChild>
        <h1>Testimonials</h1>
      </VisuallyHidden>
      <TestimonialsSection />
    </>
  );
}
