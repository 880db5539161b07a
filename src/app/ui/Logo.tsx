import { Image, type ImageProps } from '@chakra-ui/react';

interface LogoProps extends Omit<ImageProps, 'src' | 'alt'> {
  /** 'wordmark' (mark + name, /logo.svg) or 'mark' (the square monogram, /favicon.svg). */
  variant?: 'wordmark' | 'mark';
  alt?: string;
}

/** The Persona Studio logo. The wordmark's intrinsic size is 279x48. */
export function Logo({ variant = 'wordmark', alt = 'Persona Studio', ...rest }: LogoProps) {
  return variant === 'mark' ? (
    <Image src="/favicon.svg" alt={alt} width="36px" height="36px" draggable={false} {...rest} />
  ) : (
    <Image src="/logo.svg" alt={alt} height="32px" width="auto" draggable={false} {...rest} />
  );
}
