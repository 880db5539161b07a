import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PickTileProps {
  label: string;
  selected: boolean;
  onClick: () => void;
  aspect: string;
  /** A picture URL, or the tile's own content (a video preview). */
  src?: string;
  children?: ReactNode;
}

/** One choice in a grid of pictures (faces, templates, generated images): a pressed/unpressed button. */
export function PickTile({ label, selected, onClick, aspect, src, children }: PickTileProps) {
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      aria-label={label}
      rounded="lg"
      overflow="hidden"
      aspectRatio={aspect}
      bg="bg.muted"
      borderWidth="2px"
      borderColor={selected ? 'brand.400' : 'transparent'}
      boxShadow={selected ? '0 0 0 3px var(--chakra-colors-brand-800)' : undefined}
    >
      {src ? <img src={src} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : children}
    </chakra.button>
  );
}
