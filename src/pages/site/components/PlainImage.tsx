import { useState, type CSSProperties } from 'react';
import { FILL, MEDIA_PLACEHOLDER } from './MediaImage';

interface PlainImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  style?: CSSProperties;
}

/**
 * MediaImage without Chakra style props, for long repeated strips (carousel, banner): plain
 * elements and inline styles keep the home page's main-thread work down. Lazy; the gradient
 * shows while loading or when the file is missing.
 */
export function PlainImage({ src, alt, width, height, style }: PlainImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span style={{ display: 'block', position: 'relative', overflow: 'hidden', aspectRatio: `${width} / ${height}`, backgroundImage: MEDIA_PLACEHOLDER, ...style }}>
      {failed ? null : (
        <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" draggable={false} onError={() => setFailed(true)} style={FILL} />
      )}
    </span>
  );
}
