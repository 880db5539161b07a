import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A small card fixed to a bottom corner (full width on phones), announced politely: the update
 * notice takes the right corner, the offline notice the left, so both can show at once on wide
 * screens.
 */
export function FloatingNotice({ side, children }: { side: 'left' | 'right'; children: ReactNode }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      zIndex="toast"
      bottom={{ base: 3, md: 6 }}
      left={{ base: 3, md: side === 'left' ? 6 : 'auto' }}
      right={{ base: 3, md: side === 'right' ? 6 : 'auto' }}
      maxW={{ md: 'sm' }}
      p="4"
      rounded="l3"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.emphasized"
      boxShadow="0 18px 50px -12px rgba(0, 0, 0, 0.7)"
    >
      {children}
    </Box>
  );
}
