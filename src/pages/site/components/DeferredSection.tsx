import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenNearView } from '../../../lib/nearView';

/**
 * How far below the viewport a section starts loading. Its chunk is small and, after the first
 * visit, in the service worker's precache; the reserved height covers the moment it takes.
 */
const AHEAD = '150px 0px';

/**
 * A below-the-fold home section: its code (a lazy component as `children`) loads and renders only
 * when the visitor scrolls near it, so the first visit downloads and runs just what
 * the first screen shows. Until then `minH` is reserved, so nothing visible moves when it mounts;
 * the mount runs in a transition, in slices that never block input for long.
 */
export function DeferredSection({ children, minH }: { children: ReactNode; minH: string }) {
  const [near, setNear] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = placeholder.current;
    if (near || !target) return;
    return whenNearView(target, AHEAD, () => startTransition(() => setNear(true)));
  }, [near]);
  const reserved = <div ref={placeholder} style={{ minHeight: minH }} aria-busy="true" data-deferred-section="" />;
  return near ? <Suspense fallback={reserved}>{children}</Suspense> : reserved;
}
