import { Box, type BoxProps } from '@chakra-ui/react';
import { useState, type CSSProperties } from 'react';

/** Fills the aspect-ratio box (plain elements keep their width/height attributes). */
export const FILL: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' };

interface MediaImageProps extends Omit<BoxProps, 'children'> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** 'eager' for the first screenful (LCP); lazy otherwise. */
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  fit?: 'cover' | 'contain';
}

/** Placeholder painted behind every site image: shows while loading and if the file is missing. */
export const MEDIA_PLACEHOLDER =
  'radial-gradient(120% 90% at 20% 10%, rgba(124, 77, 255, 0.35), transparent 60%), radial-gradient(100% 80% at 90% 100%, rgba(255, 94, 138, 0.28), transparent 60%), linear-gradient(160deg, #171723, #0F0F18)';

/**
 * A site media image in a box of fixed aspect ratio (no layout shift). Site media is generated
 * by the server after it starts, so a missing file hides the <img> and the gradient shows.
 */
export function MediaImage({ src, alt, width, height, loading = 'lazy', fetchPriority, fit = 'cover', ...box }: MediaImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <Box position="relative" overflow="hidden" aspectRatio={`${width} / ${height}`} bgImage={MEDIA_PLACEHOLDER} {...box}>
      {failed ? null : (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={loading}
          decoding="async"
          fetchPriority={fetchPriority}
          onError={() => setFailed(true)}
          draggable={false}
          style={{ ...FILL, objectFit: fit }}
        />
      )}
    </Box>
  );
}
