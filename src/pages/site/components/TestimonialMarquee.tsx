import { Box, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { keyframes } from '@emotion/react';
import { TESTIMONIALS } from '../../../content/testimonials';
import { TestimonialCard } from './TestimonialCard';
import { MotionToggle } from './MotionToggle';

const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });

/** The looping marquee of the 8 cards (rendered twice for a seamless loop; the copy is hidden); pauses on hover and with its pause control. */
export function TestimonialMarquee() {
  const [paused, setPaused] = useState(false);
  return (
    <Box position="relative">
      <Box
        overflow="hidden"
        maskImage="linear-gradient(90deg, transparent, black 6%, black 94%, transparent)"
        _motionReduce={{ overflowX: 'auto' }}
        // Scrolled by hand under reduced motion, so the keyboard must reach it (WCAG 2.1.1). Always, not
        // only then: the CSS makes it scroll from the prerendered page's first paint, before the app
        // runs; a stop on the region while it moves by itself is harmless.
        tabIndex={0}
        // The edge fade would hide the browser's focus ring (a mask covers the outline too): off while focused.
        _focusVisible={{ maskImage: 'none' }}
        aria-label="Testimonials"
        role="region"
      >
        <HStack
          gap="5"
          w="max-content"
          align="stretch"
          py="2"
          css={{ animation: `${scroll} 70s linear infinite`, '&:hover': { animationPlayState: 'paused' }, animationPlayState: paused ? 'paused' : undefined }}
          _motionReduce={{ animation: 'none' }}
        >
          {[0, 1].map((copy) => (
            <HStack key={copy} gap="5" align="stretch" aria-hidden={copy === 1 ? true : undefined} pr="5" data-marquee-copy={copy}>
              {TESTIMONIALS.map((t) => (
                <TestimonialCard key={t.name} t={t} w={{ base: '72', md: '80' }} flexShrink={0} />
              ))}
            </HStack>
          ))}
        </HStack>
      </Box>
      {/* Nothing moves under reduced motion: no control then. */}
      <MotionToggle what="testimonials strip" paused={paused} onToggle={() => setPaused((v) => !v)} position="absolute" top="2" right="4" zIndex="1" _motionReduce={{ display: 'none' }} />
    </Box>
  );
}
