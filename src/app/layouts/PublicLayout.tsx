import { Box, Flex } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { HydrateNearView } from '../HydrateNearView';
import { PageSpinner } from '../PageSpinner';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/SkipLink';
import { PublicHeader } from './PublicHeader';

// Below every page and needed only when the visitor gets there: its code loads with its hydration.
const PublicFooter = lazy(() => import('./PublicFooter').then((m) => ({ default: m.PublicFooter })));

/** Layout of every public page: header, the page, the public footer. */
export function PublicLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <PublicHeader />
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" _focus={{ outline: 'none' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <HydrateNearView>
        <PublicFooter />
      </HydrateNearView>
    </Flex>
  );
}
