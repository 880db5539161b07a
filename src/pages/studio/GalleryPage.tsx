import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MEDIA_MESSAGES } from '../../../contract/media';
import { useCharacterStore } from '../../stores/characterStore';
import { galleryData, staleCopySavedAt, useGalleryStore } from '../../studio/galleryStore';
import { isSearching, type GalleryFilters } from '../../studio/gallerySearch';
import { useGalleryTab } from '../../studio/screenChoice';
import { slotLabel } from '../../studio/slotLabels';
import { cancelQueued, useStudioStore, type QueuedJob, type QueueSlot } from '../../studio/studioStore';
import { DownloadNote } from '../../studio/ui/DownloadButton';
import { downloads, GalleryGrid, itemsOf, TABS, useSavedOnDevice, type Item, type Tab } from '../../studio/ui/GalleryItem';
import { dismissEditFailure, flushDeletes, sendDeletesOnPageHide, undoDelete, useGalleryEdits } from '../../studio/galleryEdits';
import { clearSelection, keepSelected } from '../../studio/gallerySelection';
import { GalleryContext, type GalleryPageContext } from '../../studio/ui/galleryContext';
import { GallerySelectionBar } from '../../studio/ui/GallerySelectionBar';
import { ItemDetails, type OpenItem } from '../../studio/ui/ItemDetails';
import { GallerySearchForm, GallerySearchResults, NO_FILTERS, type LoadWholeSearch } from '../../studio/ui/GallerySearch';
import { ModeTabs } from '../../studio/ui/ModeTabs';
import { PreviewDialog } from '../../studio/ui/PreviewDialog';
import { StudioScreenFrame } from '../../studio/ui/StudioScreen';
import { LoadFailed, Loading } from '../../studio/ui/LoadState';

const TAB_VALUES = TABS.map((t) => t.value);

/** Spec §2: the empty state of each tab. */
const EMPTY: Record<Tab, { heading: string; to: string }> = {
  faces: { heading: 'Generate Face First', to: '/face' },
  images: { heading: 'Generate Image First', to: '/image' },
  videos: { heading: 'Generate Video First', to: '/video' },
  cloth: { heading: 'Generate Cloth First', to: '/clothSwap' },
  imgTovideo: { heading: 'Generate Image to Video First', to: '/Imagetovideo' },
  audio: { heading: 'Generate Music First', to: '/AIMusic' },
};

/** Requests made offline, waiting for the network (issue 15), each with Cancel. */
function QueuedRequests() {
  const queued = useStudioStore((s) => s.queued);
  const entries = (Object.entries(queued) as [QueueSlot, QueuedJob | undefined][]).filter((e): e is [QueueSlot, QueuedJob] => e[1] !== undefined).sort((a, b) => a[1].queuedAt - b[1].queuedAt);
  if (entries.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="queued-heading" rounded="xl" borderWidth="1px" borderColor="brand.500" bg="bg.panel" px="4" py="3" mb="5">
      <Heading as="h2" size="sm" id="queued-heading" mb="2">
        Queued
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none">
        {entries.map(([slot, q]) => (
          <HStack as="li" key={q.key} justify="space-between" gap="3" flexWrap="wrap" fontSize="sm">
            <Text>
              {slotLabel(slot)}{q.items ? ` of ${q.items}` : ''}: Queued, will send when online <Text as="span" color="fg.muted">(since {new Date(q.queuedAt).toLocaleTimeString()})</Text>
            </Text>
            <Button size="xs" variant="outline" onClick={() => void cancelQueued(slot)} aria-label={`Cancel ${slotLabel(slot).toLowerCase()}`}>
              Cancel
            </Button>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Deletes waiting for their Undo (issue 45), each with Undo, and the last edit the server did not
 * take. A polite live region: the notice is read without moving focus.
 */
function EditNotices() {
  const pending = useGalleryEdits((s) => s.pending);
  const failure = useGalleryEdits((s) => s.failure);
  if (pending.length === 0 && !failure) return null;
  return (
    <Stack position="fixed" bottom={{ base: 3, md: 6 }} insetX="3" align="center" zIndex="toast" gap="2" pointerEvents="none">
      {pending.map((p) => (
        <HStack key={p.key} role="status" pointerEvents="auto" bg="bg.emphasized" borderWidth="1px" borderColor="border.emphasized" rounded="lg" shadow="lg" px="4" py="2" gap="4" fontSize="sm">
          <Text>{p.label} deleted.</Text>
          <Button size="xs" variant="outline" onClick={() => undoDelete(p.key)}>
            Undo
          </Button>
        </HStack>
      ))}
      {failure && (
        <HStack role="alert" pointerEvents="auto" bg="bg.emphasized" borderWidth="1px" borderColor="border.error" rounded="lg" shadow="lg" px="4" py="2" gap="4" fontSize="sm" maxW="lg">
          <Text>{failure}</Text>
          <Button size="xs" variant="ghost" onClick={dismissEditFailure}>
            Dismiss
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** Gallery (/gallery): everything the user made, by kind, newest first; or what a search found. */
export default function GalleryPage() {
  const [tab, setTab] = useGalleryTab(TAB_VALUES, 'faces');
  const [preview, setPreview] = useState<Item | null>(null);
  const [filters, setFilters] = useState<GalleryFilters>(NO_FILTERS);
  const searching = isSearching(filters);
  const fetch = useGalleryStore((s) => s.fetch);
  const load = useGalleryStore((s) => s.load);
  const data = useGalleryStore(galleryData);
  const savedAt = useGalleryStore(staleCopySavedAt);
  const fetchCharacters = useCharacterStore((s) => s.fetch);
  // Every visit shows fresh data (another tab or device may have added items); `read` once it came (or failed).
  const [read, setRead] = useState(false);
  useEffect(() => void fetch(true).finally(() => setRead(true)), [fetch]);
  // Each item's character chip and the search's character filter (issue 44).
  useEffect(() => void fetchCharacters(), [fetchCharacters]);

  const items = useMemo(() => (data ? itemsOf(data, tab) : []), [data, tab]);
  const onDevice = useSavedOnDevice(items, savedAt !== null);
  const noteId = `${useId()}-note`;

  // Issue 45: what the page shows (its tab, or what the search found), for the selection.
  const [found, setFound] = useState<{ items: readonly Item[]; rest: LoadWholeSearch | null }>({ items: [], rest: null });
  const onFound = useCallback((items: readonly Item[], rest: LoadWholeSearch | null) => setFound({ items, rest }), []);
  const shown = searching ? found.items : items;
  const order = useMemo(() => shown.map((i) => i.id), [shown]);
  useEffect(() => keepSelected(order), [order]);
  // Leaving the gallery sends the deletes waiting for their Undo; closing the tab too.
  useEffect(() => {
    const stop = sendDeletesOnPageHide();
    return () => {
      stop();
      clearSelection();
      void flushDeletes();
    };
  }, []);
  // The details panel: /gallery?item=ID (a private link, for the signed-in owner only).
  const [params, setParams] = useSearchParams();
  const openId = params.get('item');
  const [opened, setOpened] = useState<OpenItem | null>(null);
  const openDetails = useCallback(
    (item: Item, itemTab: Tab, name: string) => {
      setOpened({ id: item.id, item, tab: itemTab, name });
      setParams((p) => (p.set('item', item.id), p));
    },
    [setParams],
  );
  // A studio result's private link, /gallery?job=ID (issue 45): the item that job made, once the
  // gallery is read; another user's job, or a deleted item, is not in this gallery.
  const jobId = params.get('job');
  const [jobMissing, setJobMissing] = useState(false);
  useEffect(() => {
    if (!jobId || !data) return;
    const made = TABS.flatMap((t) => itemsOf(data, t.value)).find((i) => i.jobId === jobId);
    // Not in what is shown yet: the gallery being read may hold it.
    if (!made && !read) return;
    setJobMissing(!made);
    setParams(
      (p) => {
        p.delete('job');
        if (made) p.set('item', made.id);
        return p;
      },
      { replace: true },
    );
  }, [jobId, data, read, setParams]);
  const details = openId ? (opened?.id === openId ? opened : { id: openId }) : null;
  const closeDetails = () => {
    setOpened(null);
    setParams((p) => (p.delete('item'), p), { replace: true });
  };
  const context = useMemo<GalleryPageContext>(() => ({ order, openDetails }), [order, openDetails]);

  return (
    <GalleryContext.Provider value={context}>
    <StudioScreenFrame title="Gallery">
      <QueuedRequests />
      {savedAt !== null && (
        <Box role="status" rounded="xl" borderWidth="1px" borderColor="border.emphasized" bg="bg.panel" px="4" py="3" mb="5" fontSize="sm">
          Your gallery could not be refreshed, so it is shown as saved on this device on {new Date(savedAt).toLocaleString()}. Items not saved for offline use need the network.
          <Button size="xs" variant="outline" ms="3" onClick={() => void fetch(true)}>
            Try again
          </Button>
        </Box>
      )}
      {jobMissing && (
        <HStack role="alert" rounded="xl" borderWidth="1px" borderColor="border.emphasized" bg="bg.panel" px="4" py="3" mb="5" fontSize="sm" justify="space-between">
          <Text>{MEDIA_MESSAGES.notFound} It may have been deleted, or the link is for another account.</Text>
          <Button size="xs" variant="ghost" onClick={() => setJobMissing(false)}>
            Dismiss
          </Button>
        </HStack>
      )}
      <GallerySearchForm filters={filters} onSearch={setFilters} searching={searching} />
      <GallerySelectionBar items={shown} rest={searching ? found.rest : null} />
      {searching ? (
        <GallerySearchResults filters={filters} onPreview={setPreview} onShown={onFound} />
      ) : (
        <ModeTabs label="Gallery" tabs={TABS} value={tab} onChange={setTab}>
          {!data ? (
            load.state === 'error' ? <LoadFailed message={load.message} onRetry={() => void fetch(true)} /> : <Loading label="Loading your gallery" />
          ) : items.length === 0 ? (
            <Stack align="center" textAlign="center" py="12" gap="3">
              <Heading as="h2" size="lg">
                {EMPTY[tab].heading}
              </Heading>
              <Text color="fg.muted">No items found. Please generate an influencer to get started.</Text>
              <Link asChild color="brand.300" fontWeight="semibold">
                <RouterLink to={EMPTY[tab].to}>{EMPTY[tab].heading}</RouterLink>
              </Link>
            </Stack>
          ) : (
            <>
              {downloads(tab) && <DownloadNote where="gallery" noteId={noteId} mb="3" />}
              <GalleryGrid items={items} tab={tab} label={`Your ${tab}`} onPreview={setPreview} onDevice={onDevice} noteId={noteId} />
            </>
          )}
        </ModeTabs>
      )}
      {preview && preview.kind !== 'audio' && <PreviewDialog open onClose={() => setPreview(null)} kind={preview.kind} src={preview.url} alt="Preview" />}
      {details && <ItemDetails open={details} onClose={closeDetails} />}
      <EditNotices />
    </StudioScreenFrame>
    </GalleryContext.Provider>
  );
}
