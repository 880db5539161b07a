import { Box, HStack, IconButton, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useState, type FocusEvent } from 'react';
import { TESTIMONIAL_ADVANCE_MS, TESTIMONIALS } from '../../../content/testimonials';
import { MotionToggle } from './MotionToggle';
import { TestimonialCard } from './TestimonialCard';
import { useReducedMotion } from '../../../lib/useReducedMotion';

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
 * Three cards at a time, the middle one emphasised; advances every 3000 ms and wraps (spec 000
 * §2, §9). Using Previous/Next restarts the 3 s wait. WCAG 2.2.2: it stands still while the
 * pointer is over it or focus is inside it, when the visitor pauses it, and under reduced motion.
 */
export function TestimonialSlider() {
  const [start, setStart] = useState(0);
  const reduced = useReducedMotion();
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !reduced && !stopped;
  const moving = playing && !hovered && !focused;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setTimeout(() => setStart((s) => wrap(s + 1)), TESTIMONIAL_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [start, moving]);

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    // Focus moving between the slider's own controls keeps it paused.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  const visible = [0, 1, 2].map((k) => wrap(start + k));
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials slider"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" aria-live={moving ? 'off' : 'polite'}>
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
              // Dimmed, not faded: at 0.9 the smallest text still keeps 4.5:1 (0.45 left it at 2:1).
              opacity={middle ? 1 : 0.9}
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
        {reduced ? null : (
          <MotionToggle what="testimonial slider" paused={!playing} onToggle={() => setStopped((v) => !v)} size="md" />
        )}
        <IconButton aria-label="Next testimonial" variant="outline" rounded="full" borderColor="border.emphasized" color="fg" onClick={() => setStart((s) => wrap(s + 1))}>
          <Arrow dir="right" />
        </IconButton>
      </HStack>
    </Box>
  );
}
