import { Box, Flex, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { COMMUNITY_SECTION, COMMUNITY_VIDEOS } from '../../../content/home';
import { SITE_MEDIA_SIZES } from '../../../../contract/site-media';
import { PageSection } from '../../../app/ui/PageSection';
import { LoopVideo } from '../components/LoopVideo';
import { MotionToggle } from '../components/MotionToggle';
import { SectionHeading } from '../components/SectionHeading';

const { width, height } = SITE_MEDIA_SIZES.community;

/** 'Explore Community Characters': 8 muted looping clips that play while on screen. */
export function CommunityVideos() {
  const [paused, setPaused] = useState(false);
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
          mb={{ base: 4, md: 6 }}
        />
        {/* Under reduced motion the clips show their posters: nothing to pause. */}
        <Flex justify="flex-end" mb="3" _motionReduce={{ display: 'none' }}>
          <MotionToggle what="community videos" paused={paused} onToggle={() => setPaused((v) => !v)} />
        </Flex>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: 3, md: 5 }}>
          {COMMUNITY_VIDEOS.map((v) => (
            <LoopVideo key={v.video} src={v.video} poster={v.poster} label={v.label} width={width} height={height} paused={paused} rounded="xl" borderWidth="1px" borderColor="border.muted" />
          ))}
        </SimpleGrid>
      </PageSection>
    </Box>
  );
}
