import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { GradientText } from '../../../app/ui/GradientText';
import { PageTitle } from '../../../app/ui/PageTitle';
import { glowGradient } from '../../../theme/accent';
import { useWarmSiteMedia } from './useWarmSiteMedia';

interface PageHeroProps {
  /** The <h1>: plain part and optional gradient part (together they make the page's name). */
  title: string;
  highlight?: string;
  /** A larger line under the title (the content's headline). */
  headline?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  center?: boolean;
}

/** The top of an inner public page: glow, h1, headline and intro. */
export function PageHero({ title, highlight, headline, intro, children, center }: PageHeroProps) {
  useWarmSiteMedia();
  return (
    <Box position="relative">
      <Box position="absolute" inset="-10 -20 auto" h="72" bgImage={glowGradient} bgRepeat="no-repeat" opacity="0.7" pointerEvents="none" aria-hidden />
      <Stack position="relative" gap="4" align={center ? 'center' : 'flex-start'} textAlign={center ? 'center' : 'start'}>
        <PageTitle title={title} highlight={highlight} />
        {headline ? (
          <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" color="fg" maxW="3xl" lineHeight="1.3">
            {headline}
          </Text>
        ) : null}
        {intro ? (
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="3xl">
            {intro}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Box>
  );
}

/** '{title} {gradianttitle}' with the second part in the accent gradient. */
export function Highlighted({ title, highlight }: { title: string; highlight: string }) {
  return (
    <>
      {title} <GradientText>{highlight}</GradientText>
    </>
  );
}
