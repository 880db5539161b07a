import { Box, SimpleGrid } from '@chakra-ui/react';
import { COMMUNITY_SECTION, COMMUNITY_VIDEOS } from '../../../content/home';
import { SITE_MEDIA_SIZES } from '../../../content/siteMediaManifest';
import { PageSection } from '../../../app/ui/PageSection';
import { LoopVideo } from '../components/LoopVideo';
import { SectionHeading } from '../components/SectionHeading';

const { width, height } = SITE_MEDIA_SIZES.community;

/** 'Explore Community Characters': 8 muted looping clips that play while on screen. */
export function CommunityVideos() {
  return (
    <Box as="section" aria-labelledby="community-title">
      <PageSection>
        <SectionHeading
          id="community-title"
          title={COMMUNITY_SECTION.title.replace(/\s*Community Characters$/, '')}
          highlight="Community Characters"
          subtitle={COMMUNITY_SECTION.subtitle}
          textAlign="center"
          align="center"
          mb={{ base: 8, md: 12 }}
        />
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: 3, md: 5 }}>
          {COMMUNITY_VIDEOS.map((v) => (
            <LoopVideo key={v.video} src={v.video} poster={v.poster} label={v.label} width={width} height={height} rounded="xl" borderWidth="1px" borderColor="border.muted" />
          ))}
        </SimpleGrid>
      </PageSection>
    </Box>
  );
}
