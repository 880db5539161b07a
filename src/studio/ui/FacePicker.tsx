import { Button, Dialog, Link, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PickTile } from './PickTile';
import { galleryData, orderedFaces, useGalleryStore, type GalleryFace, type Gender } from '../galleryStore';
import { StatusSpinner } from './StatusSpinner';

/** Spec §9: three recent faces per gender before 'View All'. */
export const RECENT_FACES = 3;

interface FacePickerProps {
  gender: Gender;
  selected: GalleryFace | null;
  onSelect: (face: GalleryFace | null) => void;
  id?: string;
  /** The chosen character's face (issue 44): first, even when it is an uploaded portrait, not a gallery face. */
  characterFace?: GalleryFace | null;
}

/**
 * 'Choose a face' (spec §2): the 3 most recent faces of the gender (chosen ones move to the
 * front), 'View All' opening the 'Select face' popup, and a link to /face when there are none.
 */
export function FacePicker({ gender, selected, onSelect, id, characterFace = null }: FacePickerProps) {
  const fetch = useGalleryStore((s) => s.fetch);
  const load = useGalleryStore((s) => s.load);
  const data = useGalleryStore(galleryData);
  const chosen = useGalleryStore((s) => s.chosen[gender]);
  const choose = useGalleryStore((s) => s.choose);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<GalleryFace | null>(null);
  useEffect(() => void fetch(), [fetch]);

  const gallery = orderedFaces(data, gender, chosen);
  const extra = characterFace && !gallery.some((f) => f.image_url === characterFace.image_url) ? characterFace : null;
  const faces = extra ? [extra, ...gallery] : gallery;
  const isSelected = (f: GalleryFace) => selected !== null && (selected.id === f.id || selected.image_url === f.image_url);
  // A face of the other gender is no choice here (checked once the gallery is in).
  useEffect(() => {
    if (data && selected && !faces.some(isSelected)) onSelect(null);
  }, [data, faces, selected, onSelect]);

  const pick = (face: GalleryFace) => {
    if (face !== extra) choose(gender, face.id);
    onSelect(face);
  };

  return (
    <Stack gap="2" id={id}>
      <Text fontWeight="medium" id={`${id ?? 'face'}-label`}>
        Choose a face
      </Text>
      {!data && load.state !== 'error' ? (
        <StatusSpinner size="sm" label="Loading your faces" />
      ) : faces.length === 0 && !extra ? (
        <Text fontSize="sm" color="fg.muted">
          {load.state === 'error' ? `${load.message} ` : 'No faces yet. '}
          <Link asChild color="brand.300" fontWeight="semibold">
            <RouterLink to="/face">Please Generate face</RouterLink>
          </Link>
        </Text>
      ) : (
        <SimpleGrid columns={4} gap="2" role="group" aria-labelledby={`${id ?? 'face'}-label`}>
          {faces.slice(0, RECENT_FACES).map((face, i) => (
            <PickTile key={face.id} src={face.image_url} aspect="1" selected={isSelected(face)} onClick={() => pick(face)} label={face === extra ? 'Character face' : `Face ${i + 1}`} />
          ))}
          <Button variant="outline" h="auto" aspectRatio="1" rounded="xl" fontSize="sm" onClick={() => { setPending(selected); setOpen(true); }}>
            View All
          </Button>
        </SimpleGrid>
      )}
      <Dialog.Root open={open} onOpenChange={(e) => !e.open && setOpen(false)} placement="center" scrollBehavior="inside" size="lg">
        <Portal>
          <Dialog.Backdrop backdropFilter="blur(6px)" />
          <Dialog.Positioner px="3">
            <Dialog.Content bg="bg.panel" rounded="2xl">
              <Dialog.Header>
                <Dialog.Title>Select face</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SimpleGrid columns={{ base: 3, md: 4 }} gap="3">
                  {faces.map((face, i) => (
                    <PickTile key={face.id} src={face.image_url} aspect="1" selected={pending?.id === face.id} onClick={() => setPending(face)} label={face === extra ? 'Character face' : `Face ${i + 1} of ${faces.length}`} />
                  ))}
                </SimpleGrid>
              </Dialog.Body>
              <Dialog.Footer gap="3">
                <Button variant="ghost" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button
                  disabled={!pending}
                  onClick={() => {
                    if (pending) pick(pending);
                    setOpen(false);
                  }}
                >
                  Select
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
