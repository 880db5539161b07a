import { Box } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useSidebarStore } from '../../stores/sidebarStore';
import { useWarmInWorker } from '../../lib/useWarmInWorker';
import { PageSpinner } from '../PageSpinner';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/SkipLink';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH, StudioSidebar } from './StudioSidebar';
import { StudioTopBar } from './StudioTopBar';

/**
 * Sends the studio's queued generations while a signed-in screen is open (on start, `online`,
 * Background Sync) and keeps tabs in step. Loaded after the first render: the studio's code stays
 * out of this layout's chunk, which /subscription and the account screens load too.
 */
function useOutboxSync(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    import('../../studio/outboxSync').then(
      ({ startOutboxSync }) => {
        if (!unmounted) stop = startOutboxSync();
      },
      () => undefined, // the chunk did not load (offline before it was cached): the next start sends
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
}

/**
 * A share or an opened file waiting for its screen (issue 28), kept while the person signed in:
 * once a signed-in screen opens elsewhere, go to the screen it is for, which takes it.
 */
function usePendingShareLanding(): void {
  const navigate = useNavigate();
  useEffect(() => {
    let unmounted = false;
    import('../../studio/incomingShare')
      .then(({ pendingShare }) => pendingShare())
      .then((share) => {
        if (share && !unmounted && share.screen !== window.location.pathname) navigate(share.screen, { replace: true });
      })
      .catch(() => undefined); // no IndexedDB or the chunk is not cached: nothing can be waiting
    return () => {
      unmounted = true;
    };
    // Looked for when the layout opens: a sign-in lands here, a share lands on its own screen.
  }, [navigate]);
}

/** Layout of the signed-in screens: the studio sidebar (a top bar with a drawer on phones). */
export default function SignedInLayout() {
  const pinned = useSidebarStore((s) => s.pinned);
  // The template grids' thumbnails, kept on the device for the studio offline.
  useWarmInWorker('WARM_TEMPLATE_THUMBS');
  useOutboxSync();
  usePendingShareLanding();
  return (
    <Box minH="100dvh">
      <SkipLink />
      <StudioTopBar />
      <StudioSidebar />
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        data-below-title-bar
        tabIndex={-1}
        _focus={{ outline: 'none' }}
        ml={{ base: 0, md: pinned ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_COLLAPSED_WIDTH }}
        transition="margin-left 0.2s ease"
        minH={{ base: 'calc(100dvh - 56px)', md: '100dvh' }}
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
