import { Box } from '@chakra-ui/react';
import { FAQ_SECTION, HOME_FAQS } from '../../../content/faqs';
import { PageSection } from '../../../app/ui/PageSection';
import { FaqAccordion } from '../components/FaqAccordion';
import { SectionHeading } from '../components/SectionHeading';

export function HomeFaq() {
  return (
    <Box as="section" aria-labelledby="home-faq-title">
      <PageSection maxW="4xl">
        <SectionHeading id="home-faq-title" title={FAQ_SECTION.title} highlight={FAQ_SECTION.gradianttitle} subtitle={FAQ_SECTION.subtitle} textAlign="center" align="center" mb={{ base: 8, md: 10 }} />
        <FaqAccordion items={HOME_FAQS} />
      </PageSection>
    </Box>
  );
}
