import { Stack, Text } from '@chakra-ui/react';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { FAQ_PAGE, FAQ_PAGE_ITEMS } from '../../content/faqs';
import { FaqAccordion } from './components/FaqAccordion';
import { Highlighted, PageHero } from './components/PageHero';

/** FAQs (/faqs): seven questions; the plans one links to /pricing. */
export default function FaqsPage() {
  return (
    <PageSection maxW="4xl">
      <PageHero title="FAQs" headline={<Highlighted title={FAQ_PAGE.title} highlight={FAQ_PAGE.gradianttitle} />} intro={FAQ_PAGE.subtitle} />
      <Stack mt={{ base: 8, md: 12 }}>
        <FaqAccordion items={FAQ_PAGE_ITEMS} headingLevel={2} />
      </Stack>
      <Stack mt="12" p={{ base: 6, md: 8 }} rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" align="center" textAlign="center" gap="4">
        <Text fontSize="xl" fontWeight="semibold">
          {FAQ_PAGE.stillHaveQuestions}
        </Text>
        <AccentLinkButton to={FAQ_PAGE.contactHref} rounded="full" px="8">
          {FAQ_PAGE.contactLabel}
        </AccentLinkButton>
      </Stack>
    </PageSection>
  );
}
