import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AccentLinkButton } from '../../../app/ui/AccentButton';
import { GradientText } from '../../../app/ui/GradientText';
import { usePageTitle } from '../../../app/usePageTitle';
import { HERO } from '../../../content/home';
import { promptInstall, useInstallOffer } from '../../../lib/installPrompt';
import { FILL, MEDIA_PLACEHOLDER } from '../components/MediaImage';
import { MotionToggle } from '../components/MotionToggle';
import { useReducedMotion } from '../../../lib/useReducedMotion';
import { useWarmSiteMedia } from '../components/useWarmSiteMedia';

/** Starts the background video only after the page has loaded, so it never delays first paint. */
function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const go = () => setLoaded(true);
    if (document.readyState === 'complete') {
      const t = window.setTimeout(go, 300);
      return () => window.clearTimeout(t);
    }
    window.addEventListener('load', go, { once: true });
    return () => window.removeEventListener('load', go);
  }, []);
  return loaded;
}

function HeroBackground() {
  const reduced = useReducedMotion();
  const loaded = useAfterLoad();
  const [posterOk, setPosterOk] = useState(true);
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (video.current) video.current.muted = true;
  }, [loaded]);
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (paused) void v.play().catch(() => undefined);
    else v.pause();
    setPaused(!paused);
  };
  return (
    <>
      <Box position="absolute" inset="0" bgImage={MEDIA_PLACEHOLDER} aria-hidden>
        {posterOk ? (
          <img
            src={HERO.poster}
            alt=""
            width={HERO.width}
            height={HERO.height}
            fetchPriority="high"
            decoding="async"
            onError={() => setPosterOk(false)}
            style={FILL}
          />
        ) : null}
        {loaded && !reduced ? (
          <video
            ref={video}
            src={HERO.video}
            poster={posterOk ? HERO.poster : undefined}
            muted
            loop
            autoPlay
            playsInline
            width={HERO.width}
            height={HERO.height}
            style={FILL}
          />
        ) : null}
        <Box
          position="absolute"
          inset="0"
          bgImage="linear-gradient(180deg, rgba(9,9,15,0.55) 0%, rgba(9,9,15,0.72) 55%, #09090F 100%), radial-gradient(80% 60% at 50% 30%, rgba(124,77,255,0.25), transparent 70%)"
        />
      </Box>
      {loaded && !reduced ? <MotionToggle what="background video" paused={paused} onToggle={toggle} position="absolute" bottom="4" right="4" zIndex="1" /> : null}
    </>
  );
}

/**
 * Home hero: background video (poster until the page has loaded), headline, Login / Get Started,
 * and Install app in a corner when the browser offers it (placed over the hero, it moves nothing).
 */
export function HeroSection() {
  useWarmSiteMedia();
  usePageTitle('Create your own virtual influencer');
  const installable = useInstallOffer();
  return (
    <Box as="section" position="relative" overflow="hidden" aria-labelledby="home-hero-title">
      <HeroBackground />
      <Container position="relative" maxW="5xl" px={{ base: 5, md: 8 }} pt={{ base: 16, md: 28 }} pb={{ base: 14, md: 24 }}>
        <Stack gap={{ base: 6, md: 8 }} align="center" textAlign="center">
          <Text
            fontSize="xs"
            fontWeight="semibold"
            letterSpacing="0.14em"
            textTransform="uppercase"
            color="brand.fg"
            px="3"
            py="1"
            rounded="full"
            borderWidth="1px"
            borderColor="brand.emphasized"
            bg="rgba(28, 12, 71, 0.7)"
          >
            {HERO.eyebrow}
          </Text>
          <Heading
            as="h1"
            id="home-hero-title"
            fontSize={{ base: '4xl', sm: '5xl', md: '7xl' }}
            lineHeight="1.05"
            letterSpacing="-0.03em"
            fontWeight="extrabold"
            maxW="4xl"
          >
            {HERO.title} <GradientText>{HERO.gradianttitle}</GradientText>
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
            {HERO.subtitle}
          </Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <AccentLinkButton to={HERO.getStartedHref} size={{ base: 'lg', md: 'xl' }} rounded="full" px="8">
              {HERO.getStartedLabel}
            </AccentLinkButton>
            <Button asChild variant="outline" size={{ base: 'lg', md: 'xl' }} rounded="full" px="8" borderColor="border.emphasized" color="fg" bg="rgba(9,9,15,0.5)">
              <RouterLink to={HERO.loginHref}>{HERO.loginLabel}</RouterLink>
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {HERO.creatorsText}
          </Text>
        </Stack>
      </Container>
      {installable ? (
        <Button size="sm" variant="outline" rounded="full" bg="bg/70" borderColor="border.emphasized" color="fg" position="absolute" bottom="4" left="4" onClick={() => void promptInstall()}>
          Install app
        </Button>
      ) : null}
    </Box>
  );
}
