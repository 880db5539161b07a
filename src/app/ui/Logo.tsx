import { Image, type ImageProps } from '@chakra-ui/react';

interface LogoProps extends Omit<ImageProps, 'src' | 'alt'> {
  /** 'wordmark' (mark + name, /logo.webp) or 'mark' (the square monogram, /favicon.svg). */
  variant?: 'wordmark' | 'mark';
  alt?: string;
}

/**
 * The Persona Studio logo. The wordmark is /logo.svg drawn at 3x (837x144, public/logo.webp): an
 * SVG in an <img> is a whole document for the browser to parse, lay out and paint on the main
 * thread (7-18 ms here on every page load), a WebP is decoded off it.
 */
export function Logo({ variant = 'wordmark', alt = 'Persona Studio', ...rest }: LogoProps) {
  return variant === 'mark' ? (
    <Image src="/favicon.svg" alt={alt} width="36px" height="36px" draggable={false} {...rest} />
  ) : (
    <Image src="/logo.webp" alt={alt} height="32px" width="auto" draggable={false} {...rest} />
  );
}
