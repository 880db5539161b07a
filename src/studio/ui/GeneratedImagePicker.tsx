import { Box, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PickTile } from './PickTile';
import { galleryData, useGalleryStore } from '../galleryStore';
import { StatusSpinner } from './StatusSpinner';

export interface PickedImage {
  id: string;
  url: string;
}

/** The gallery groups a picker offers: generated images and cloth swaps by default; the talking character takes faces and images. */
export type PickableGroup = 'faces' | 'images' | 'cloth';

/**
 * The user's generated images to pick from (cloth swap, image to video), newest first; cloth
 * swap results count too. With none, a link to /image (spec §2).
 */
export function GeneratedImagePicker({ selected, onSelect, id, groups = ['images', 'cloth'], label = 'Choose a generated image', characterImage = null }: { selected: PickedImage | null; onSelect: (image: PickedImage) => void; id?: string; groups?: readonly PickableGroup[]; label?: string; /** The chosen character's face (issue 44), first. */ characterImage?: PickedImage | null }) {
  const fetch = useGalleryStore((s) => s.fetch);
  const load = useGalleryStore((s) => s.load);
  const data = useGalleryStore(galleryData);
  useEffect(() => void fetch(), [fetch]);

  const gallery: PickedImage[] = data
    ? [
        ...(groups.includes('faces') ? data.faces.map((f) => ({ id: f.id, url: f.image_url, at: f.created_at })) : []),
        ...(groups.includes('images') ? data.images.map((i) => ({ id: i.id, url: i.image_url, at: i.created_at })) : []),
        ...(groups.includes('cloth') ? data.cloth.map((c) => ({ id: c.id, url: c.gen_image_url, at: c.created_at })) : []),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .map(({ id: itemId, url }) => ({ id: itemId, url }))
    : [];
  const extra = characterImage && !gallery.some((i) => i.url === characterImage.url) ? characterImage : null;
  const images = extra ? [extra, ...gallery] : gallery;

  return (
    <Box id={id}>
      <Text fontWeight="medium" mb="2" id={`${id ?? 'images'}-label`}>
        {label}
      </Text>
      {!data && load.state !== 'error' && !extra ? (
        <StatusSpinner size="sm" label="Loading your images" />
      ) : images.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {load.state === 'error' ? `${load.message} ` : groups.includes('faces') ? 'You have no faces or images yet. ' : 'You have no generated images yet. '}
          <Link asChild color="brand.300" fontWeight="semibold">
            {groups.includes('faces') ? <RouterLink to="/face">Generate a face first</RouterLink> : <RouterLink to="/image">Generate an image first</RouterLink>}
          </Link>
        </Text>
      ) : (
        <Box maxH={{ base: '16rem', md: '20rem' }} overflowY="auto" rounded="xl" borderWidth="1px" borderColor="border.muted" p="2">
          <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="group" aria-labelledby={`${id ?? 'images'}-label`}>
            {images.map((image, i) => (
              <PickTile key={image.id} label={image === extra ? 'Character face' : `Generated image ${i + 1}`} selected={selected !== null && (selected.id === image.id || selected.url === image.url)} onClick={() => onSelect(image)} aspect="4 / 5" src={image.url} />
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Box>
  );
}
