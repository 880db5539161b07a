import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageSection } from '../../app/ui/PageSection';
import { GradientText } from '../../app/ui/GradientText';
import { ABOUT_FIGURES, ABOUT_PAGE, ABOUT_STORY, ABOUT_STORY_IMAGE, ABOUT_STORY_TITLE, ABOUT_VALUES_TITLE, COMPANY_VALUES } from '../../content/about';
import { MediaImage } from './components/MediaImage';
import { NewsletterBlock } from './components/NewsletterBlock';
import { Highlighted, PageHero } from './components/PageHero';
import { SectionHeading } from './components/SectionHeading';
import { ValueIcon } from './components/ValueIcon';

const FIGURE_TEXT: Record<number, string> = { 4_800_000: '4.8 million', 236_000_000: '236 million' };

/** About Us (/about): story, figures, values, newsletter. */
export default function AboutPage() {
  return (
    <>
      <PageSection>
        <PageHero title="About" highlight="Us" headline={<Highlighted title={ABOUT_PAGE.title} highlight={ABOUT_PAGE.gradianttitle} />} intro={ABOUT_PAGE.tagline} />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 8, lg: 14 }} mt={{ base: 10, md: 14 }} alignItems="center">
          <Stack gap="4">
            <SectionHeading title={ABOUT_STORY_TITLE.title} highlight={ABOUT_STORY_TITLE.gradianttitle} />
            {ABOUT_STORY.map((p) => (
              <Text key={p.slice(0, 24)} color="fg.muted" lineHeight="1.75">
                {p}
              </Text>
            ))}
          </Stack>
          <MediaImage {...ABOUT_STORY_IMAGE} rounded="2xl" borderWidth="1px" borderColor="border.muted" />
        </SimpleGrid>
      </PageSection>

      <PageSection as="section" aria-label="Persona Studio in numbers" py={{ base: 4, md: 8 }}>
        <SimpleGrid as="dl" columns={{ base: 1, sm: 3 }} gap="4">
          {ABOUT_FIGURES.map((f) => (
            <Stack key={f.label} gap="1" p={{ base: 5, md: 7 }} rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" textAlign="center">
              <Text as="dd" order={1} fontSize={{ base: '4xl', md: '5xl' }} fontWeight="extrabold" letterSpacing="-0.02em">
                <GradientText>{FIGURE_TEXT[f.amount] ?? f.value}</GradientText>
              </Text>
              <Text as="dt" order={2} color="fg.muted">
                {f.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection as="section" aria-labelledby="values-title">
        <SectionHeading id="values-title" title={ABOUT_VALUES_TITLE.title} highlight={ABOUT_VALUES_TITLE.gradianttitle} textAlign="center" align="center" mb="8" />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {COMPANY_VALUES.map((v) => (
            <Stack key={v.title} gap="3" p="6" rounded="2xl" bg="bg.panel" borderWidth="1px" borderColor="border.muted">
              <ValueIcon name={v.icon} />
              <Heading as="h3" fontSize="xl">
                {v.title}
              </Heading>
              <Text color="fg.muted">{v.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </PageSection>
      <Box mt={{ base: 4, md: 8 }}>
        <NewsletterBlock />
      </Box>
    </>
  );
}
