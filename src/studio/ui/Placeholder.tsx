import { Box, Text } from '@chakra-ui/react';
import { siteMedia } from '../../content/media';

/** The default picture or sample clip a screen shows before anything is generated (spec §2). */
export function Placeholder({ path, kind = 'image', caption }: { path: string; kind?: 'image' | 'video'; caption: string }) {
  const style = { width: '100%', height: '100%', objectFit: 'cover', opacity: 0.55 } as const;
  return (
    <Box position="relative" w="full" h="full">
      {kind === 'image' ? (
        <img src={siteMedia(path)} alt="" style={style} />
      ) : (
        <video src={siteMedia(path)} poster={siteMedia(path.replace(/\.mp4$/, '.webp'))} autoPlay muted loop playsInline aria-hidden="true" style={style} />
      )}
      <Text position="absolute" bottom="3" left="3" right="3" fontSize="sm" color="fg" bg="blackAlpha.700" rounded="md" px="3" py="1.5">
        {caption}
      </Text>
    </Box>
  );
}
