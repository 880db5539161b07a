import { Box, HStack } from '@chakra-ui/react';
import { keyframes } from '@emotion/react';
import { CAROUSEL_IMAGES } from '../../../content/home';
import { PlainImage } from '../components/PlainImage';

const CARD = { width: 'var(--carousel-card)', borderRadius: 12, border: '1px solid #1B1B2A' } as const;

const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });

/** The 50-image strip scrolling forever (CSS only); pauses on hover and with reduced motion. */
export function ImageCarousel() {
  return (
    <Box
      as="section"
      aria-label="Characters made with Persona Studio"
      overflow="hidden"
      py={{ base: 6, md: 10 }}
      maskImage="linear-gradient(90deg, transparent, black 5%, black 95%, transparent)"
      _motionReduce={{ overflowX: 'auto' }}
      css={{ '--carousel-card': { base: '9rem', md: '13rem' } }}
    >
      <HStack
        gap="0"
        w="max-content"
        css={{ animation: `${scroll} 160s linear infinite`, '&:hover': { animationPlayState: 'paused' } }}
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
  );
}
