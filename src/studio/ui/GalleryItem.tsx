// One item of the gallery (its tabs and its search results alike): the media, what made it
// (issue 45), its AI label, a star, and Preview, Details, Download, Share, Re-run and Delete as
// its kind allows (on a phone, one Actions button opening the details panel instead).
import { Badge, Box, Button, Center, chakra, HStack, IconButton, SimpleGrid, Stack, Text, type BadgeProps } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { USER_MEDIA_CACHE } from '../../../contract/sw-messages';
import { MoreIcon } from '../../app/icons/GalleryIcons';
import { InfoIcon, ZoomIcon } from '../../app/icons/StudioIcons';
import { useGalleryEdits } from '../galleryEdits';
import { dateWords, engineWords, sizeWords, sourceWords, TAB_NOUN, type Item, type Tab } from '../galleryItems';
import { toggleSelected, useGallerySelection } from '../gallerySelection';
import { AiGeneratedLabel } from './AiGeneratedLabel';
import { DownloadButton } from './DownloadButton';
import { useGalleryPage } from './galleryContext';
import { DeleteButton, FavouriteButton, ItemShare, RerunButton } from './ItemActions';
import { useCanShareFiles } from './ShareButton';
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

export { TABS, itemsOf, type Item, type Tab } from '../galleryItems';

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

/** Tabs whose items have a download: all but songs, which play in place (faces too since issue 45). */
export const downloads = (tab: Tab) => tab !== 'audio';
/** Tabs of generated pictures, which can be upscaled (issue 31). */
export const upscales = (tab: Tab) => tab === 'faces' || tab === 'images' || tab === 'cloth';

/** The item's name on the page: 'Image 3' (its place in its list). */
export const itemName = (tab: Tab, index: number) => `${TAB_NOUN[tab]} ${index + 1}`;

/** What made it (issue 45): its words, then kind, engine, size and date on one line. */
export function ItemFacts({ item, tab, lines = 2 }: { item: Item; tab: Tab; lines?: number }) {
  const words = sourceWords(item.source);
  const facts = [TAB_NOUN[tab], engineWords(item.engine), sizeWords(item), dateWords(item.createdAt)].filter(Boolean);
  return (
    <Stack gap="0.5" minW="0">
      {words && (
        <Text fontSize="sm" lineClamp={lines} title={words} wordBreak="break-word">
          {words}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted">
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}

/** 'Local engine' on what the built-in engine drew (as on the studio's result panels). */
export const LocalEngineBadge = (props: BadgeProps) => (
  <Badge size="sm" variant="solid" colorPalette="gray" title="Made by the built-in local engine: drawn by an algorithm, no trained model" {...props}>
    Local engine
  </Badge>
);

export function GalleryItem({ item, tab, index, onPreview, unavailable, noteId }: { item: Item; tab: Tab; index: number; onPreview: () => void; unavailable: boolean; noteId: string }) {
  const name = itemName(tab, index);
  const labelId = `${useId()}-ai`;
  const page = useGalleryPage();
  const selected = useGallerySelection((s) => s.selected.has(item.id));
  const selecting = useGallerySelection((s) => s.selected.size > 0);
  // A song's only control is Share: no empty row where the browser cannot share.
  const songShares = useCanShareFiles(item.kind);
  const pick = (range: boolean) => page && toggleSelected(item.id, range, page.order);
  return (
    <Stack gap="2" bg="bg.panel" borderWidth="1px" borderColor={selected ? 'brand.400' : 'border.muted'} outline={selected ? '2px solid' : undefined} outlineColor="brand.400" rounded="xl" p="2" role="listitem" aria-label={name}>
      <Box position="relative" rounded="lg" overflow="hidden" bg="bg.muted" aspectRatio={item.kind === 'audio' ? undefined : tab === 'faces' ? '1' : '4 / 5'}
        // While picking, a click on the media picks too (shift: the range); the checkbox is the keyboard's way.
        onClick={selecting && page ? (e) => (e.preventDefault(), pick(e.shiftKey)) : undefined}
        cursor={selecting && page ? 'pointer' : undefined}
        pt={item.kind === 'audio' && page ? '8' : undefined}
      >
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
        {page && (
          <chakra.label position="absolute" top="1.5" left="1.5" display="flex" alignItems="center" justifyContent="center" boxSize="8" rounded="full" bg="blackAlpha.700" cursor="pointer" onClick={(e) => e.stopPropagation()}>
            <chakra.input
              type="checkbox"
              boxSize="4"
              accentColor="brand.solid"
              checked={selected}
              aria-label={`Select ${name.toLowerCase()}`}
              // onClick, not onChange: the click's shift key picks the range.
              onClick={(e) => pick(e.shiftKey)}
              onChange={() => undefined}
            />
          </chakra.label>
        )}
        <FavouriteButton item={item} name={name} position="absolute" top="1.5" right="1.5" bg="blackAlpha.700" />
        {item.engine === 'local' && <LocalEngineBadge position="absolute" bottom="2" left="2" />}
      </Box>
      <ItemFacts item={item} tab={tab} />
      <AiGeneratedLabel id={labelId} alignSelf="flex-start" />
      <ItemCharacter itemId={item.id} characterId={item.characterId ?? null} name={name} />
      {item.upscaled && (
        <Text fontSize="xs" color="fg.muted">
          Upscaled {item.upscaled.scale}x from{' '}
          {page ? (
            // Issue 45: the source opens in the app, beside the upscale in the details panel's comparison.
            <Button variant="plain" size="xs" h="auto" minW="0" p="0" color="brand.300" textDecoration="underline" onClick={() => page.openDetails(item, tab, name)} aria-label={`its source (of ${name.toLowerCase()})`}>
              its source
            </Button>
          ) : (
            'its source'
          )}
        </Text>
      )}
      {page && (
        // On a phone, the card's actions sit in one menu: the details panel with all of them.
        <Button display={{ base: 'flex', md: 'none' }} size="xs" variant="outline" onClick={() => page.openDetails(item, tab, name)} aria-label={`Actions for ${name.toLowerCase()}`}>
          <MoreIcon />
          Actions
        </Button>
      )}
      {!unavailable && (item.kind !== 'audio' || songShares || item.jobId || page) && (
        // One wrapping row (from tablet width up when the page has the phone's menu).
        <HStack gap="2" flexWrap="wrap" display={page ? { base: 'none', md: 'flex' } : 'flex'}>
          {item.kind !== 'audio' && (
            <IconButton aria-label={`Preview ${name.toLowerCase()}`} size="xs" variant="outline" onClick={onPreview}>
              <ZoomIcon />
            </IconButton>
          )}
          {page && (
            <IconButton aria-label={`Details of ${name.toLowerCase()}`} size="xs" variant="outline" onClick={() => page.openDetails(item, tab, name)}>
              <InfoIcon />
            </IconButton>
          )}
          {downloads(tab) && item.kind !== 'audio' && <DownloadButton size="xs" item={{ id: item.id, url: item.url, kind: item.kind }} watermark="gallery" aria-label={`Download ${name.toLowerCase()}`} aria-describedby={noteId} />}
          <ItemShare item={item} name={name} noteId={downloads(tab) ? noteId : undefined} />
          {item.jobId && <RerunButton jobId={item.jobId} name={name} />}
          {page && <DeleteButton item={item} name={name} />}
        </HStack>
      )}
      {!unavailable && upscales(tab) && (
        <Box display={page ? { base: 'none', md: 'block' } : 'block'}>
          <UpscaleAction size="xs" imageUrl={item.url} name={name} />
        </Box>
      )}
    </Stack>
  );
}

/** A tab's items as a grid; `unavailable` tells which cannot show offline. */
export function GalleryGrid({ items, tab, label, onPreview, onDevice, noteId }: { items: readonly Item[]; tab: Tab; label: string; onPreview: (item: Item) => void; onDevice: ReadonlySet<string> | null; noteId: string }) {
  // Items whose delete waits for its Undo are not shown; the others keep their names.
  const hidden = useGalleryEdits((s) => s.hidden);
  return (
    <SimpleGrid role="list" aria-label={label} columns={tab === 'audio' ? { base: 1, md: 2, xl: 3 } : { base: 2, md: 3, xl: 4 }} gap={{ base: 3, md: 4 }}>
      {items.map((item, i) =>
        hidden.has(item.id) ? null : (
          <GalleryItem key={item.id} item={item} tab={tab} index={i} onPreview={() => onPreview(item)} unavailable={onDevice !== null && !onDevice.has(item.id)} noteId={noteId} />
        ),
      )}
    </SimpleGrid>
  );
}
