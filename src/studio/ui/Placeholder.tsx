import { Box, Text } from '@chakra-ui/react';
import { siteMedia } from '../../content/media';
import { useReducedMotion } from '../../lib/useReducedMotion';

/**
 * The default picture or sample clip a screen shows before anything is generated (spec §2). Under
 * reduced motion the sample clip stands still: its poster only.
 */
export function Placeholder({ path, kind = 'image', caption }: { path: string; kind?: 'image' | 'video'; caption: string }) {
  const style = { width: '100%', height: '100%', objectFit: 'cover', opacity: 0.55 } as const;
  const still = useReducedMotion();
  const poster = siteMedia(path.replace(/\.mp4$/, '.webp'));
  return (
    <Box position="relative" w="full" h="full">
      {kind === 'image' || still ? (
        <img src={kind === 'image' ? siteMedia(path) : poster} alt="" style={style} />
      ) : (
        <video src={siteMedia(path)} poster={poster} autoPlay muted loop playsInline aria-hidden="true" style={style} />
      )}
      <Text position="absolute" bottom="3" left="3" right="3" fontSize="sm" color="fg" bg="blackAlpha.700" rounded="md" px="3" py="1.5">
        {caption}
      </Text>
    </Box>
  );
}
