import { chakra, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageSection } from '../../app/ui/PageSection';
import { GradientText } from '../../app/ui/GradientText';
import { AFFILIATE_APPLICATION_URL, AFFILIATE_FAQS, AFFILIATE_IMAGE, AFFILIATE_PAGE, AFFILIATE_STEPS } from '../../content/affiliate';
import { accentButtonStyle } from '../../theme/accent';
import { ContentLinkView } from './components/ContentLinkView';
import { FaqAccordion } from './components/FaqAccordion';
import { MediaImage } from './components/MediaImage';
import { NewsletterBlock } from './components/NewsletterBlock';
import { Highlighted, PageHero } from './components/PageHero';
import { SectionHeading } from './components/SectionHeading';

/** Affiliate (/affiliate): four steps, FAQ, newsletter. */
export default function AffiliatePage() {
  return (
    <>
      <PageSection>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 8, lg: 14 }} alignItems="center">
          <PageHero title="Affiliate" highlight="Program" headline={<Highlighted title={AFFILIATE_PAGE.title} highlight={AFFILIATE_PAGE.gradianttitle} />} intro={AFFILIATE_PAGE.intro}>
            <chakra.a href={AFFILIATE_APPLICATION_URL} target="_blank" rel="noopener noreferrer" css={accentButtonStyle} display="inline-flex" alignItems="center" px="7" h="12" rounded="full">
              {AFFILIATE_PAGE.applyLabel}
            </chakra.a>
          </PageHero>
          <MediaImage {...AFFILIATE_IMAGE} rounded="2xl" borderWidth="1px" borderColor="border.muted" />
        </SimpleGrid>
      </PageSection>

      <PageSection as="section" aria-labelledby="steps-title">
        <SectionHeading id="steps-title" title={AFFILIATE_PAGE.stepsTitle} mb="8" />
        <SimpleGrid as="ol" columns={{ base: 1, md: 2, xl: 4 }} gap="5" listStyleType="none">
          {AFFILIATE_STEPS.map((s) => (
            <Stack as="li" key={s.step} gap="3" p="6" rounded="2xl" bg="bg.panel" borderWidth="1px" borderColor="border.muted">
              <HStack gap="3">
                <Text fontSize="3xl" fontWeight="extrabold" lineHeight="1">
                  <GradientText>{`0${s.step}`}</GradientText>
                </Text>
                <Heading as="h3" fontSize="lg">
                  {s.title}
                </Heading>
              </HStack>
              <Text color="fg.muted">{s.description}</Text>
              {s.points ? (
                <List.Root gap="1" ps="5" color="fg.muted" fontSize="sm">
                  {s.points.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List.Root>
              ) : null}
              {s.link ? (
                <Text fontSize="sm">
                  <ContentLinkView link={s.link} />
                </Text>
              ) : null}
            </Stack>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection as="section" aria-labelledby="affiliate-faq-title" maxW="4xl">
        <SectionHeading id="affiliate-faq-title" title="Affiliate" highlight="FAQs" mb="8" textAlign="center" align="center" />
        <FaqAccordion items={AFFILIATE_FAQS} />
      </PageSection>
      <NewsletterBlock />
    </>
  );
}
