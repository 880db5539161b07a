import { Box, chakra, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { FILL, MEDIA_PLACEHOLDER } from './MediaImage';
import { useReducedMotion } from '../../../lib/useReducedMotion';

interface LoopVideoProps extends Omit<BoxProps, 'children'> {
  src: string;
  poster: string;
  label: string;
  width: number;
  height: number;
  /** Load and play only while on screen (IntersectionObserver); otherwise play at once. */
  lazy?: boolean;
  /** Stopped by the visitor (the section's pause control). */
  paused?: boolean;
}

/**
 * A muted, looping, autoplaying clip over its poster, in a box of fixed aspect ratio.
 * With reduced motion only the poster shows. A missing poster leaves the gradient visible.
 */
export function LoopVideo({ src, poster, label, width, height, lazy = true, paused = false, ...box }: LoopVideoProps) {
  const reduced = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);
  const [inView, setInView] = useState(!lazy);
  const [posterOk, setPosterOk] = useState(true);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    const video = ref.current;
    if (!video || !inView) return;
    if (paused) video.pause();
    else void video.play().catch(() => undefined);
  }, [paused, inView]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = true; // React does not reflect `muted` as an attribute; autoplay needs it.
    video.setAttribute('muted', '');
    if (!lazy || reduced) return;
    const io = new IntersectionObserver(([entry]) => {
      if (entry.isIntersecting) {
        setInView(true);
        if (!pausedRef.current) void video.play().catch(() => undefined);
      } else {
        video.pause();
      }
    }, { rootMargin: '200px' });
    io.observe(video);
    return () => io.disconnect();
  }, [lazy, reduced]);

  return (
    <Box position="relative" overflow="hidden" aspectRatio={`${width} / ${height}`} bgImage={MEDIA_PLACEHOLDER} {...box}>
      {posterOk ? (
        <img src={poster} alt="" aria-hidden width={width} height={height} loading="lazy" decoding="async" onError={() => setPosterOk(false)} style={FILL} />
      ) : null}
      {reduced ? null : (
        <video
          ref={ref}
          src={inView ? src : undefined}
          poster={poster}
          aria-label={label}
          muted
          loop
          autoPlay={!paused}
          playsInline
          preload="none"
          width={width}
          height={height}
          style={FILL}
        />
      )}
      {reduced ? <chakra.span srOnly>{label}</chakra.span> : null}
    </Box>
  );
}
