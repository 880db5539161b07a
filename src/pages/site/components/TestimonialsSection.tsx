import { Box, Stack } from '@chakra-ui/react';
import { TESTIMONIALS_SECTION } from '../../../content/testimonials';
import { PageSection } from '../../../app/ui/PageSection';
import { SectionHeading } from './SectionHeading';
import { TestimonialMarquee } from './TestimonialMarquee';
import { TestimonialSlider } from './TestimonialSlider';

/** 'Clients are our Priority': the looping marquee and the three-at-a-time slider. */
export function TestimonialsSection({ headingAs = 'h2' }: { headingAs?: 'h2' | 'h3' }) {
  return (
    <Box as="section" aria-labelledby="testimonials-title">
      <PageSection>
        <Stack gap={{ base: 8, md: 12 }}>
          <SectionHeading
            id="testimonials-title"
            as={headingAs}
            title={TESTIMONIALS_SECTION.title.replace(/\s*Priority$/, '')}
            highlight="Priority"
            subtitle={TESTIMONIALS_SECTION.subtitle}
            textAlign="center"
            align="center"
          />
          <TestimonialMarquee />
          <TestimonialSlider />
        </Stack>
      </PageSection>
    </Box>
  );
}
