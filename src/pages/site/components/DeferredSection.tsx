import { useEffect, useState, type ReactNode } from 'react';

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

let queue = Promise.resolve();

/** Resolves in a later task, after the browser had a chance to paint (one section per task). */
function nextIdle(): Promise<void> {
  const w = window as IdleWindow;
  return new Promise((resolve) => {
    if (w.requestIdleCallback) w.requestIdleCallback(() => resolve(), { timeout: 400 });
    else window.setTimeout(resolve, 50);
  });
}

/**
 * Mounts below-the-fold home sections one per idle task after the first paint, so the first
 * render is short (less blocking time, earlier LCP). Reserves `minH` so nothing visible moves.
 */
export function DeferredSection({ children, minH }: { children: ReactNode; minH: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    queue = queue.then(nextIdle).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready ? <>{children}</> : <div style={{ minHeight: minH }} aria-busy="true" />;
}
