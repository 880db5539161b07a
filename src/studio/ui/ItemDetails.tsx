// The details panel of a gallery item (issue 45), opened from its card or by its private link
// /gallery?item=ID (GET /api/media/{id}: another user's id is 404, "Item not found."): the media,
// what made it, every setting, its inputs (linked to their gallery items), its AI mark, and every
// action: Download, Share, Re-run, Use these settings, Upscale, Favourite, Delete, Copy link.
import { Badge, Box, Button, Center, chakra, CloseButton, Dialog, Heading, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MediaDetails } from '../../../contract/media';
import { MEDIA_MESSAGES } from '../../../contract/media';
import { ApiError } from '../../api/client';
import { mediaApi } from '../../api/media';
import { itemsOf, TAB_NOUN, TABS, type Item, type Tab } from '../galleryItems';
import { galleryData, useGalleryStore } from '../galleryStore';
import { handOffSettings, SETTINGS_SCREEN } from '../settingsHandOff';
import { AiGeneratedLabel } from './AiGeneratedLabel';
import { DownloadButton, DownloadNote } from './DownloadButton';
import { itemName, ItemFacts, LocalEngineBadge, upscales } from './GalleryItem';
import { DeleteButton, FavouriteButton, ItemShare, RerunButton } from './ItemActions';
import { CopyLinkButton, itemLink } from './ShareOffer';
import { StatusSpinner } from './StatusSpinner';
import { UpscaleAction } from './UpscaleAction';
import { UpscaleCompare } from './UpscaleCompare';

type Loaded = { state: 'loading' } | { state: 'ready'; details: MediaDetails } | { state: 'error'; message: string };

/** What the panel shows of a setting's value: text as it is, the rest as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
/** 'face_url' -> 'Face url': settings keep the call's own field names. */
const fieldWords = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

export interface OpenItem {
  id: string;
  /** Known when opened from a card; by a link, read from the details. */
  item?: Item;
  tab?: Tab;
  name?: string;
}

export function ItemDetails({ open, onClose }: { open: OpenItem; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const navigate = useNavigate();
  const labelId = `${useId()}-ai`;
  const noteId = `${useId()}-note`;
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    mediaApi.details(open.id, controller.signal).then(
      ({ data }) => setLoaded({ state: 'ready', details: data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ApiError && err.status === 404 ? MEDIA_MESSAGES.notFound : err instanceof ApiError && err.status === 0 ? 'You seem to be offline: the details need the network.' : 'The details could not be loaded. Please try again.';
        setLoaded({ state: 'error', message });
      },
    );
    return () => controller.abort();
  }, [open.id]);

  const details = loaded.state === 'ready' ? loaded.details : null;
  const tab = open.tab ?? TABS.find((t) => t.group === details?.group)?.value;
  const item = open.item ?? (details && tab ? itemsOf({ [details.group]: [details.item] }, tab)[0] : undefined);
  // By a link: named by its place in the gallery as loaded ('Face 2'), else by its kind.
  const data = useGalleryStore(galleryData);
  const place = data && tab && item ? itemsOf(data, tab).findIndex((i) => i.id === item.id) : -1;
  const name = open.name ?? (tab ? (place >= 0 ? itemName(tab, place) : TAB_NOUN[tab]) : 'Item');
  const screen = details ? SETTINGS_SCREEN[details.kind] : undefined;

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px={{ base: 0, md: 3 }}>
          <Dialog.Content bg="bg.panel" rounded={{ base: 0, md: '2xl' }} maxW={{ md: 'min(94vw, 1040px)' }}>
            <Dialog.Header py="3" px="4" borderBottomWidth="1px" borderColor="border.muted">
              <Dialog.Title fontSize="lg">Details of {name.toLowerCase()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Close details" size="sm" position="absolute" top="2" right="2" />
            </Dialog.CloseTrigger>
            <Dialog.Body p={{ base: 3, md: 5 }}>
              {!item ? (
                loaded.state === 'error' ? (
                  <Text role="alert" py="8" textAlign="center">
                    {loaded.message}
                  </Text>
                ) : (
                  <Center py="16">
                    <StatusSpinner size="lg" label="Loading the details" />
                  </Center>
                )
              ) : (
                <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 4, md: 6 }} align="flex-start">
                  <Stack flex={{ md: '1 1 55%' }} w="full" gap="2">
                    <Box position="relative" rounded="lg" overflow="hidden" bg="black" display="flex" justifyContent="center">
                      {item.upscaled ? (
                        <UpscaleCompare before={item.upscaled.from} after={item.url} scale={item.upscaled.scale} name={name} />
                      ) : item.kind === 'image' ? (
                        <img src={item.url} alt={name} aria-describedby={labelId} style={{ maxHeight: '60dvh', maxWidth: '100%', objectFit: 'contain' }} />
                      ) : item.kind === 'video' ? (
                        <video src={item.url} controls playsInline aria-label={name} aria-describedby={labelId} style={{ maxHeight: '60dvh', maxWidth: '100%' }} />
                      ) : (
                        <Box p="4" w="full">
                          <audio src={item.url} controls aria-label={name} aria-describedby={labelId} style={{ width: '100%' }} />
                        </Box>
                      )}
                      {item.engine === 'local' && <LocalEngineBadge position="absolute" top="2" left="2" />}
                    </Box>
                    <AiGeneratedLabel id={labelId} alignSelf="flex-start" />
                  </Stack>
                  <Stack flex={{ md: '1 1 45%' }} w="full" gap="4" minW="0">
                    <HStack align="flex-start" justify="space-between" gap="3">
                      <ItemFacts item={item} tab={tab!} lines={6} />
                      <FavouriteButton item={item} name={name} flexShrink={0} />
                    </HStack>
                    <Stack as="section" aria-label="Actions" gap="2">
                      <HStack gap="2" flexWrap="wrap">
                        {item.kind !== 'audio' && <DownloadButton size="xs" item={{ id: item.id, url: item.url, kind: item.kind }} watermark="gallery" aria-label={`Download ${name.toLowerCase()}`} aria-describedby={noteId} />}
                        <ItemShare item={item} name={name} noteId={noteId} />
                        {item.jobId && <RerunButton jobId={item.jobId} name={name} />}
                        {screen && details?.settings && (
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => {
                              handOffSettings(screen, details);
                              navigate(screen);
                            }}
                          >
                            Use these settings
                          </Button>
                        )}
                        <CopyLinkButton link={itemLink(item.id)} name={name} />
                        <DeleteButton item={item} name={name} onDeleted={onClose} colorPalette="red" />
                      </HStack>
                      {tab && upscales(tab) && <UpscaleAction size="xs" imageUrl={item.url} name={name} />}
                      <DownloadNote where="gallery" noteId={noteId} />
                    </Stack>
                    <DetailsFacts loaded={loaded} />
                  </Stack>
                </Stack>
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Settings, inputs and the AI mark, as GET /api/media/{id} says them. */
function DetailsFacts({ loaded }: { loaded: Loaded }) {
  if (loaded.state === 'loading') return <StatusSpinner label="Loading the settings" />;
  if (loaded.state === 'error')
    return (
      <Text role="alert" fontSize="sm" color="fg.error">
        {loaded.message}
      </Text>
    );
  const { settings, inputs, ai_mark: mark } = loaded.details;
  const entries = Object.entries(settings ?? {});
  return (
    <>
      <Box as="section" aria-labelledby="details-settings">
        <Heading as="h3" size="sm" id="details-settings" mb="2">
          Settings
        </Heading>
        {entries.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {settings === null ? 'Not kept for media this old.' : 'None.'}
          </Text>
        ) : (
          <chakra.dl display="grid" gridTemplateColumns="minmax(6rem, auto) 1fr" columnGap="3" rowGap="1" fontSize="sm">
            {entries.map(([key, value]) => (
              <Box key={key} display="contents">
                <chakra.dt color="fg.muted">{fieldWords(key)}</chakra.dt>
                <chakra.dd m="0" wordBreak="break-word">
                  {shown(value)}
                </chakra.dd>
              </Box>
            ))}
          </chakra.dl>
        )}
      </Box>
      {inputs.length > 0 && (
        <Box as="section" aria-labelledby="details-inputs">
          <Heading as="h3" size="sm" id="details-inputs" mb="2">
            Inputs
          </Heading>
          <Stack as="ul" listStyleType="none" gap="2">
            {inputs.map((input) => (
              <HStack as="li" key={`${input.field} ${input.url ?? ''}`} gap="3" fontSize="sm">
                {input.url && <img src={input.url} alt="" width={48} height={48} style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 8 }} />}
                <Text>
                  {fieldWords(input.field)}
                  {': '}
                  {input.media_id ? (
                    <Link asChild color="brand.300">
                      <RouterLink to={`/gallery?item=${encodeURIComponent(input.media_id)}`}>open it in your gallery</RouterLink>
                    </Link>
                  ) : (
                    <Text as="span" color="fg.muted">
                      {input.origin === 'template' ? 'a template' : input.origin === 'link' ? 'from your link' : input.origin === 'upload' ? 'your upload' : 'an item of your gallery'}
                      {input.url ? '' : ' (no longer kept)'}
                    </Text>
                  )}
                </Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      )}
      <Box as="section" aria-labelledby="details-mark">
        <Heading as="h3" size="sm" id="details-mark" mb="2">
          AI mark
        </Heading>
        <Stack gap="1" fontSize="sm">
          <Text>
            IPTC digital source type: <chakra.code fontSize="xs">{mark.digital_source_type}</chakra.code>
          </Text>
          <HStack gap="2">
            <Text>Content Credentials (C2PA):</Text>
            <Badge size="sm" colorPalette={mark.c2pa ? 'green' : 'gray'}>
              {mark.c2pa ? 'signed' : 'none'}
            </Badge>
          </HStack>
        </Stack>
      </Box>
    </>
  );
}
