import { Box, Button, Center, Heading, HStack, IconButton, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { USER_MEDIA_CACHE } from '../../../contract/sw-messages';
import { galleryData, staleCopySavedAt, useGalleryStore, type GalleryData } from '../../studio/galleryStore';
import { useGalleryTab } from '../../studio/screenChoice';
import { slotLabel } from '../../studio/slotLabels';
import { cancelQueued, useStudioStore, type Slot } from '../../studio/studioStore';
import { AiGeneratedLabel } from '../../studio/ui/AiGeneratedLabel';
import { DownloadButton, DownloadNote } from '../../studio/ui/DownloadButton';
import { ShareButton, useCanShareFiles } from '../../studio/ui/ShareButton';
import { ZoomIcon } from '../../app/icons/StudioIcons';
import { ModeTabs } from '../../studio/ui/ModeTabs';
import { PreviewDialog } from '../../studio/ui/PreviewDialog';
import { StudioScreenFrame } from '../../studio/ui/StudioScreen';
import { StatusSpinner } from '../../studio/ui/StatusSpinner';
import { UpscaleAction } from '../../studio/ui/UpscaleAction';

type Tab = 'faces' | 'images' | 'videos' | 'cloth' | 'imgTovideo' | 'audio';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'faces', label: 'faces' },
  { value: 'images', label: 'images' },
  { value: 'videos', label: 'videos' },
  { value: 'cloth', label: 'cloth' },
  { value: 'imgTovideo', label: 'imgTovideo' },
  { value: 'audio', label: 'audio' },
];
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

interface Item {
  id: string;
  url: string;
  kind: 'image' | 'video' | 'audio';
  /** An upscale (issue 31): the picture it was made from, and how many times larger it is. */
  upscaled?: { from: string; scale: number };
}

/** The items of a tab, newest first (as the server sends them), those without a URL dropped. */
function itemsOf(data: GalleryData, tab: Tab): Item[] {
  const list: Item[] =
    tab === 'faces' ? data.faces.map((f) => ({ id: f.id, url: f.image_url, kind: 'image' }))
    : tab === 'images' ? data.images.map((i) => ({ id: i.id, url: i.image_url, kind: 'image', ...(i.upscaled_from && i.scale ? { upscaled: { from: i.upscaled_from, scale: i.scale } } : {}) }))
    : tab === 'videos' ? data.videos.map((v) => ({ id: v.id, url: v.video_url, kind: 'video' }))
    : tab === 'cloth' ? data.cloth.map((c) => ({ id: c.id, url: c.gen_image_url, kind: 'image' }))
    : tab === 'imgTovideo' ? data.gen_video.map((v) => ({ id: v.id, url: v.video_url, kind: 'video' }))
    : data.audio.map((a) => ({ id: a.id, url: a.audio_url, kind: 'audio' }));
  return list.filter((item) => item.url);
}

const TAB_NOUN: Record<Tab, string> = { faces: 'Face', images: 'Image', videos: 'Video', cloth: 'Cloth swap', imgTovideo: 'Image to video', audio: 'Song' };

/**
 * Which items can be shown from this device alone: pictures the service worker kept (by path, as
 * it keys them). Videos and songs stream from the server. Null while checking or when online.
 */
function useSavedOnDevice(items: readonly Item[], check: boolean): ReadonlySet<string> | null {
  const [saved, setSaved] = useState<ReadonlySet<string> | null>(null);
  const urls = items.map((i) => i.url).join(' ');
  useEffect(() => {
    if (!check || typeof caches === 'undefined') return setSaved(null);
    let current = true;
    void (async () => {
      const cache = await caches.open(USER_MEDIA_CACHE);
      const found = new Set<string>();
      for (const item of items) {
        const url = new URL(item.url, location.href);
        url.search = '';
        if (item.kind === 'image' && (await cache.match(url.href))) found.add(item.id);
      }
      if (current) setSaved(found);
    })();
    return () => {
      current = false;
    };
  }, [urls, check]);
  return saved;
}

/** Tabs whose items have a download: not faces (spec §2), nor songs, which play in place. */
const downloads = (tab: Tab) => tab !== 'faces' && tab !== 'audio';
/** Tabs whose items have a Share where the browser can share files (issue 28): all but faces. */
const shares = (tab: Tab) => tab !== 'faces';
/** Tabs of generated pictures, which can be upscaled (issue 31). */
const upscales = (tab: Tab) => tab === 'faces' || tab === 'images' || tab === 'cloth';

function GalleryItem({ item, tab, index, onPreview, unavailable, noteId }: { item: Item; tab: Tab; index: number; onPreview: () => void; unavailable: boolean; noteId: string }) {
  const name = `${TAB_NOUN[tab]} ${index + 1}`;
  const labelId = `${useId()}-ai`;
  // A song's only control is Share: no empty row where the browser cannot share.
  const songShares = useCanShareFiles(item.kind) && shares(tab);
  return (
    <Stack gap="2" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="xl" p="2" role="listitem">
      <Box rounded="lg" overflow="hidden" bg="bg.muted" aspectRatio={item.kind === 'audio' ? undefined : tab === 'faces' ? '1' : '4 / 5'}>
        {unavailable ? (
          <Center h="full" minH="16" p="3" textAlign="center">
            <Text fontSize="sm" color="fg.muted">
              {name}: not saved for offline use
            </Text>
          </Center>
        ) : item.kind === 'image' ? (
          <img src={item.url} alt={name} aria-describedby={labelId} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : item.kind === 'video' ? (
          <video src={item.url} muted playsInline preload="metadata" aria-label={name} aria-describedby={labelId} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Box p="2">
            <Text fontSize="sm" mb="2">
              {name}
            </Text>
            <audio src={item.url} controls preload="none" aria-label={name} aria-describedby={labelId} style={{ width: '100%' }} />
          </Box>
        )}
      </Box>
      <AiGeneratedLabel id={labelId} alignSelf="flex-start" />
      {item.upscaled && (
        <Text fontSize="xs" color="fg.muted">
          Upscaled {item.upscaled.scale}x from{' '}
          <Link href={item.upscaled.from} target="_blank" rel="noopener" color="brand.300" aria-label={`its source (of ${name.toLowerCase()})`}>
            its source
          </Link>
        </Text>
      )}
      {!unavailable && (item.kind !== 'audio' || songShares) && (
        // One wrapping row: on a 390 px phone's two columns, Share goes under Preview and Download.
        <HStack gap="2" flexWrap="wrap">
          {item.kind !== 'audio' && (
            <IconButton aria-label={`Preview ${name.toLowerCase()}`} size="xs" variant="outline" onClick={onPreview}>
              <ZoomIcon />
            </IconButton>
          )}
          {downloads(tab) && item.kind !== 'audio' && <DownloadButton size="xs" item={{ id: item.id, url: item.url, kind: item.kind }} watermark="gallery" aria-label={`Download ${name.toLowerCase()}`} aria-describedby={noteId} />}
          {shares(tab) && <ShareButton size="xs" item={item} title={name} target={name.toLowerCase()} watermark="gallery" aria-describedby={downloads(tab) ? noteId : undefined} />}
        </HStack>
      )}
      {!unavailable && upscales(tab) && <UpscaleAction size="xs" imageUrl={item.url} name={name} />}
    </Stack>
  );
}

/** Requests made offline, waiting for the network (issue 15), each with Cancel. */
function QueuedRequests() {
  const queued = useStudioStore((s) => s.queued);
  const entries = (Object.entries(queued) as [Slot, { key: string; queuedAt: number } | undefined][]).filter((e): e is [Slot, { key: string; queuedAt: number }] => e[1] !== undefined).sort((a, b) => a[1].queuedAt - b[1].queuedAt);
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
              {slotLabel(slot)}: Queued, will send when online <Text as="span" color="fg.muted">(since {new Date(q.queuedAt).toLocaleTimeString()})</Text>
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

/** Gallery (/gallery): everything the user made, by kind, newest first. */
export default function GalleryPage() {
  const [tab, setTab] = useGalleryTab(TAB_VALUES, 'faces');
  const [preview, setPreview] = useState<Item | null>(null);
  const fetch = useGalleryStore((s) => s.fetch);
  const load = useGalleryStore((s) => s.load);
  const data = useGalleryStore(galleryData);
  const savedAt = useGalleryStore(staleCopySavedAt);
  // Every visit shows fresh data (another tab or device may have added items).
  useEffect(() => void fetch(true), [fetch]);

  const items = data ? itemsOf(data, tab) : [];
  const onDevice = useSavedOnDevice(items, savedAt !== null);
  const noteId = `${useId()}-note`;
  return (
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
      <ModeTabs label="Gallery" tabs={TABS} value={tab} onChange={setTab}>
        {!data ? (
          load.state === 'error' ? (
            <Stack align="center" py="12" gap="3" role="alert">
              <Text>{load.message}</Text>
              <Button size="sm" onClick={() => void fetch(true)}>
                Try again
              </Button>
            </Stack>
          ) : (
            <Center py="16">
              <StatusSpinner size="lg" label="Loading your gallery" />
            </Center>
          )
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
            <SimpleGrid role="list" aria-label={`Your ${tab}`} columns={tab === 'audio' ? { base: 1, md: 2, xl: 3 } : { base: 2, md: 3, xl: 4 }} gap={{ base: 3, md: 4 }}>
              {items.map((item, i) => (
                <GalleryItem key={item.id} item={item} tab={tab} index={i} onPreview={() => setPreview(item)} unavailable={onDevice !== null && !onDevice.has(item.id)} noteId={noteId} />
              ))}
            </SimpleGrid>
          </>
        )}
      </ModeTabs>
      {preview && preview.kind !== 'audio' && <PreviewDialog open onClose={() => setPreview(null)} kind={preview.kind} src={preview.url} alt="Preview" />}
    </StudioScreenFrame>
  );
}
