import { Box, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { keyframes } from '@emotion/react';
import { CAROUSEL_IMAGES } from '../../../content/home';
import { PlainImage } from '../components/PlainImage';
import { MotionToggle } from '../components/MotionToggle';

const CARD = { width: 'var(--carousel-card)', borderRadius: 12, border: '1px solid #1B1B2A' } as const;

const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });

/** The 50-image strip scrolling forever (CSS); pauses on hover and with its pause control, stands still under reduced motion. */
export function ImageCarousel() {
  const [paused, setPaused] = useState(false);
  return (
    <Box position="relative">
      <Box
        as="section"
        aria-label="Characters made with Persona Studio"
        overflow="hidden"
        py={{ base: 6, md: 10 }}
        maskImage="linear-gradient(90deg, transparent, black 5%, black 95%, transparent)"
        _motionReduce={{ overflowX: 'auto' }}
        // Scrolled by hand under reduced motion, so the keyboard must reach it (WCAG 2.1.1). Always, not
        // only then: the CSS makes it scroll from the prerendered page's first paint, before the app
        // runs; a stop on the region while it moves by itself is harmless.
        tabIndex={0}
        // The edge fade would hide the browser's focus ring (a mask covers the outline too): off while focused.
        _focusVisible={{ maskImage: 'none' }}
        css={{ '--carousel-card': { base: '9rem', md: '13rem' } }}
      >
        <HStack
          gap="0"
          w="max-content"
          css={{ animation: `${scroll} 160s linear infinite`, '&:hover': { animationPlayState: 'paused' }, animationPlayState: paused ? 'paused' : undefined }}
          _motionReduce={{ animation: 'none' }}
        >
          {[0, 1].map((copy) => (
            <HStack key={copy} as="ul" listStyleType="none" gap={{ base: 3, md: 4 }} pr={{ base: 3, md: 4 }} aria-hidden={copy === 1 ? true : undefined}>
              {CAROUSEL_IMAGES.map((img) => (
                <li key={img.src} style={{ flexShrink: 0 }}>
                  <PlainImage {...img} alt={copy === 1 ? '' : img.alt} style={CARD} />
                </li>
              ))}
            </HStack>
          ))}
        </HStack>
      </Box>
      {/* Nothing moves under reduced motion: no control then. */}
      <MotionToggle what="character strip" paused={paused} onToggle={() => setPaused((v) => !v)} position="absolute" top="2" right="4" zIndex="1" _motionReduce={{ display: 'none' }} />
    </Box>
  );
}
