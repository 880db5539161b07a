import { Box } from '@chakra-ui/react';
import { accentLabelGradient } from '../../../theme/accent';

const PATHS: Record<string, string> = {
  lightbulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  shield: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zM9 12l2 2 4-4',
  handshake: 'M3 11l4-4 5 2 5-2 4 4-6 6-3-3-3 3zM7 7l5 5',
  spark: 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6',
  rocket: 'M5 15c-1 1-1.5 4-1.5 4s3-.5 4-1.5M9 15l-3-3c1-4 5-8 12-9-1 7-5 11-9 12zM14 10a1.5 1.5 0 1 0 0-.01',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
  building: 'M4 21V5l8-3v19M12 9h8v12M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2M2 21h20',
  step: 'M5 12h14M13 6l6 6-6 6',
};

/** A line icon on the gradient chip (values, plans). */
export function ValueIcon({ name, size = 12 }: { name: string; size?: number }) {
  return (
    <Box display="grid" placeItems="center" w={size} h={size} rounded="xl" bgImage={accentLabelGradient} color="white" aria-hidden flexShrink={0}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[name] ?? PATHS.spark} />
      </svg>
    </Box>
  );
}
