// One item of the gallery (its tabs and its search results alike): the media, its AI label, and
// Preview, Download, Share and Re-run as its kind allows.
import { Box, Button, Center, HStack, IconButton, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { USER_MEDIA_CACHE } from '../../../contract/sw-messages';
import type { GalleryGroup, GalleryResponse } from '../../../contract/studio';
import { ZoomIcon } from '../../app/icons/StudioIcons';
import { ApiError } from '../../api/client';
import { rerunJob } from '../jobActions';
import { AiGeneratedLabel } from './AiGeneratedLabel';
import { DownloadButton } from './DownloadButton';
import { ShareButton, useCanShareFiles } from './ShareButton';
import { UpscaleAction } from './UpscaleAction';
import { charactersApi, fieldError } from '../../api/characters';
import { charactersOf, useCharacterStore } from '../../stores/characterStore';
import { CharacterAvatar } from '../characters/CharacterAvatar';
import { useGalleryStore } from '../galleryStore';
import { CharacterSelect } from '../characters/CharacterSelect';

/**
 * Whose the item is (issue 44): the character's chip, and once the user has characters, a switcher
 * that moves the item to another character or to none (PATCH /api/media/{id}).
 */
function ItemCharacter({ itemId, characterId, name }: { itemId: string; characterId: string | null; name: string }) {
  const characters = useCharacterStore(charactersOf);
  const [current, setCurrent] = useState(characterId);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  useEffect(() => setCurrent(characterId), [characterId]);
  const character = characters.find((c) => c.id === current) ?? null;
  if (characters.length === 0) return null;
  const move = async (to: string | null) => {
    setState({ busy: true, error: null });
    try {
      await charactersApi.moveMedia(itemId, to);
      setCurrent(to);
      setState({ busy: false, error: null });
      // Counts and last activity change; the gallery's copy too.
      void useCharacterStore.getState().fetch(true);
      void useGalleryStore.getState().fetch(true);
    } catch (err) {
      setState({ busy: false, error: fieldError(err).message });
    }
  };
  return (
    <Stack gap="1">
      <HStack gap="1.5">
        {character ? <CharacterAvatar character={character} size="6" /> : <Box boxSize="6" rounded="full" flexShrink={0} borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" />}
        <CharacterSelect h="7" fontSize="xs" px="2" characters={characters} value={current ?? ''} disabled={state.busy} aria-label={`Character of ${name.toLowerCase()}`} onChange={(v) => void move(v || null)} />
      </HStack>
      {state.error && (
        <Text role="alert" fontSize="xs" color="fg.error">
          {state.error}
        </Text>
      )}
    </Stack>
  );
}

export type Tab = 'faces' | 'images' | 'videos' | 'cloth' | 'imgTovideo' | 'audio';
/** The gallery's tabs, named as the spec names them; imgTovideo is the server's gen_video group. */
export const TABS: readonly { value: Tab; label: string; group: GalleryGroup }[] = [
  { value: 'faces', label: 'faces', group: 'faces' },
  { value: 'images', label: 'images', group: 'images' },
  { value: 'videos', label: 'videos', group: 'videos' },
  { value: 'cloth', label: 'cloth', group: 'cloth' },
  { value: 'imgTovideo', label: 'imgTovideo', group: 'gen_video' },
  { value: 'audio', label: 'audio', group: 'audio' },
];

export interface Item {
  id: string;
  url: string;
  kind: 'image' | 'video' | 'audio';
  /** The job that made it, when the server says (Re-run needs it). */
  jobId: string | null;
  /** An upscale (issue 31): the picture it was made from, and how many times larger it is. */
  upscaled?: { from: string; scale: number };
  /** The character it was made for (issue 44), when any. */
  characterId?: string | null;
}

/** The items of a tab, newest first (as the server sends them), those without a URL dropped. */
export function itemsOf(data: Partial<GalleryResponse>, tab: Tab): Item[] {
  const job = (i: { job_id?: string | null }) => i.job_id ?? null;
  const raw: (Item & { from: { character_id?: string | null } })[] =
    tab === 'faces' ? (data.faces ?? []).map((f) => ({ id: f.id, url: f.image_url, kind: 'image', jobId: job(f), from: f }))
    : tab === 'images' ? (data.images ?? []).map((i) => ({ id: i.id, url: i.image_url, kind: 'image', jobId: job(i), from: i, ...(i.upscaled_from && i.scale ? { upscaled: { from: i.upscaled_from, scale: i.scale } } : {}) }))
    : tab === 'videos' ? (data.videos ?? []).map((v) => ({ id: v.id, url: v.video_url, kind: 'video', jobId: job(v), from: v }))
    : tab === 'cloth' ? (data.cloth ?? []).map((c) => ({ id: c.id, url: c.gen_image_url, kind: 'image', jobId: job(c), from: c }))
    : tab === 'imgTovideo' ? (data.gen_video ?? []).map((v) => ({ id: v.id, url: v.video_url, kind: 'video', jobId: job(v), from: v }))
    : (data.audio ?? []).map((a) => ({ id: a.id, url: a.audio_url, kind: 'audio', jobId: job(a), from: a }));
  return raw.filter((item) => item.url).map(({ from, ...item }) => (from.character_id ? { ...item, characterId: from.character_id } : item));
}

const TAB_NOUN: Record<Tab, string> = { faces: 'Face', images: 'Image', videos: 'Video', cloth: 'Cloth swap', imgTovideo: 'Image to video', audio: 'Song' };

/**
 * Which items can be shown from this device alone: pictures the service worker kept (by path, as
 * it keys them). Videos and songs stream from the server. Null while checking or when online.
 */
export function useSavedOnDevice(items: readonly Item[], check: boolean): ReadonlySet<string> | null {
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
export const downloads = (tab: Tab) => tab !== 'faces' && tab !== 'audio';
/** Tabs whose items have a Share where the browser can share files (issue 28): all but faces. */
const shares = (tab: Tab) => tab !== 'faces';
/** Tabs of generated pictures, which can be upscaled (issue 31). */
const upscales = (tab: Tab) => tab === 'faces' || tab === 'images' || tab === 'cloth';

type Rerun = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'error'; message: string };

/** "Re-run": the item's job again, with the same settings; the new job is followed on /queue. */
function RerunButton({ jobId, name }: { jobId: string; name: string }) {
  const [rerun, setRerun] = useState<Rerun>({ state: 'idle' });
  const start = async () => {
    setRerun({ state: 'sending' });
    try {
      await rerunJob(jobId);
      setRerun({ state: 'sent' });
    } catch (err) {
      setRerun({ state: 'error', message: err instanceof ApiError && err.status === 0 ? 'You seem to be offline: try again when connected.' : err instanceof Error ? err.message : 'Re-run failed.' });
    }
  };
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => void start()} loading={rerun.state === 'sending'} aria-label={`Re-run ${name.toLowerCase()}`}>
        Re-run
      </Button>
      <Text as="span" role="status" fontSize="xs" color={rerun.state === 'error' ? 'fg.error' : 'fg.muted'} w={rerun.state === 'sent' || rerun.state === 'error' ? 'full' : undefined}>
        {rerun.state === 'sent' ? (
          <>
            Started again:{' '}
            <Link asChild color="brand.300">
              <RouterLink to="/queue">see it in your queue</RouterLink>
            </Link>
          </>
        ) : rerun.state === 'error' ? rerun.message : null}
      </Text>
    </>
  );
}

export function GalleryItem({ item, tab, index, onPreview, unavailable, noteId }: { item: Item; tab: Tab; index: number; onPreview: () => void; unavailable: boolean; noteId: string }) {
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
      <ItemCharacter itemId={item.id} characterId={item.characterId ?? null} name={name} />
      {item.upscaled && (
        <Text fontSize="xs" color="fg.muted">
          Upscaled {item.upscaled.scale}x from{' '}
          <Link href={item.upscaled.from} target="_blank" rel="noopener" color="brand.300" aria-label={`its source (of ${name.toLowerCase()})`}>
            its source
          </Link>
        </Text>
      )}
      {!unavailable && (item.kind !== 'audio' || songShares || item.jobId) && (
        // One wrapping row: on a 390 px phone's two columns, Share goes under Preview and Download.
        <HStack gap="2" flexWrap="wrap">
          {item.kind !== 'audio' && (
            <IconButton aria-label={`Preview ${name.toLowerCase()}`} size="xs" variant="outline" onClick={onPreview}>
              <ZoomIcon />
            </IconButton>
          )}
          {downloads(tab) && item.kind !== 'audio' && <DownloadButton size="xs" item={{ id: item.id, url: item.url, kind: item.kind }} watermark="gallery" aria-label={`Download ${name.toLowerCase()}`} aria-describedby={noteId} />}
          {shares(tab) && <ShareButton size="xs" item={item} title={name} target={name.toLowerCase()} watermark="gallery" aria-describedby={downloads(tab) ? noteId : undefined} />}
          {item.jobId && <RerunButton jobId={item.jobId} name={name} />}
        </HStack>
      )}
      {!unavailable && upscales(tab) && <UpscaleAction size="xs" imageUrl={item.url} name={name} />}
    </Stack>
  );
}

/** A tab's items as a grid; `unavailable` tells which cannot show offline. */
export function GalleryGrid({ items, tab, label, onPreview, onDevice, noteId }: { items: readonly Item[]; tab: Tab; label: string; onPreview: (item: Item) => void; onDevice: ReadonlySet<string> | null; noteId: string }) {
  return (
    <SimpleGrid role="list" aria-label={label} columns={tab === 'audio' ? { base: 1, md: 2, xl: 3 } : { base: 2, md: 3, xl: 4 }} gap={{ base: 3, md: 4 }}>
      {items.map((item, i) => (
        <GalleryItem key={item.id} item={item} tab={tab} index={i} onPreview={() => onPreview(item)} unavailable={onDevice !== null && !onDevice.has(item.id)} noteId={noteId} />
      ))}
    </SimpleGrid>
  );
}
