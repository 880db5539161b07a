import { Box, HStack, IconButton, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { TESTIMONIAL_ADVANCE_MS, TESTIMONIALS } from '../../../content/testimonials';
import { TestimonialCard } from './TestimonialCard';

const N = TESTIMONIALS.length;
const wrap = (i: number) => ((i % N) + N) % N;

function Arrow({ dir }: { dir: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d={dir === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/**
 * Three cards at a time, the middle one at full opacity; advances every 3000 ms and wraps
 * (spec 000 §2, §9). Using Previous/Next restarts the 3 s wait.
 */
export function TestimonialSlider() {
  const [start, setStart] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(() => setStart((s) => wrap(s + 1)), TESTIMONIAL_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [start]);

  const visible = [0, 1, 2].map((k) => wrap(start + k));
  return (
    <Box role="region" aria-roledescription="carousel" aria-label="Testimonials slider">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" aria-live="off">
        {visible.map((index, slot) => {
          const t = TESTIMONIALS[index];
          const middle = slot === 1;
          return (
            <TestimonialCard
              key={`${slot}-${index}`}
              t={t}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${N}: ${t.name}`}
              aria-current={middle ? 'true' : undefined}
              opacity={middle ? 1 : 0.45}
              transform={{ md: middle ? 'scale(1.03)' : 'scale(0.97)' }}
              borderColor={middle ? 'brand.emphasized' : 'border.muted'}
              transition="opacity 0.4s, transform 0.4s"
              display={{ base: middle ? 'flex' : 'none', md: 'flex' }}
            />
          );
        })}
      </SimpleGrid>
      <HStack justify="center" gap="3" mt="6">
        <IconButton aria-label="Previous testimonial" variant="outline" rounded="full" borderColor="border.emphasized" color="fg" onClick={() => setStart((s) => wrap(s - 1))}>
          <Arrow dir="left" />
        </IconButton>
        <IconButton aria-label="Next testimonial" variant="outline" rounded="full" borderColor="border.emphasized" color="fg" onClick={() => setStart((s) => wrap(s + 1))}>
          <Arrow dir="right" />
        </IconButton>
      </HStack>
    </Box>
  );
}
