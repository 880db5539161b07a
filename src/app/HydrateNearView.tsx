import { Component, Suspense, use, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { LATE_BLOCK_ATTR, replayEarlyClicks } from '../lib/earlyClicks';
import { whenNearView } from '../lib/nearView';
import { useHydrated } from '../lib/useClientValue';

const waits = new Map<string, Promise<void>>();
/** The address the page was loaded at (the one the prerendered HTML is for). */
const firstUrl = typeof window === 'undefined' ? '' : window.location.href;

/** Resolves once the element marked `data-hydrate-near-view={id}` is within 200 px of the viewport. */
function nearView(id: string): Promise<void> {
  let wait = waits.get(id);
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      // The wrapper has display: contents (no box of its own): watch the content's first element.
      const wrapper = document.querySelector(`[${LATE_BLOCK_ATTR}="${CSS.escape(id)}"]`);
      const target = wrapper?.firstElementChild;
      if (target) whenNearView(target, '200px 0px', resolve);
      else resolve();
    });
    waits.set(id, wait);
  }
  return wait;
}

/**
 * Suspends while the block is hydrated out of view. Once the visitor has navigated client-side,
 * it never waits: the navigation changes the location the block's links read, React has to
 * hydrate the block before it can commit the new page, and that must not wait for a scroll.
 */
function WaitNearView({ id }: { id: string }) {
  const hydrating = !useHydrated();
  if (hydrating && !import.meta.env.SSR && window.location.href === firstUrl) use(nearView(id));
  return null;
}

/** Rendered after the block's content in its Suspense boundary: its effect runs once the content has hydrated. */
function ReplayEarlyClicks({ block }: { block: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (block.current) replayEarlyClicks(block.current);
  }, [block]);
  return null;
}

/**
 * A block whose code cannot be fetched (the network went down before the service worker had the
 * page's files) is left out, instead of taking the whole page down with it.
 */
class LeaveOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.warn('A section of the page could not load', error);
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Prerendered content that needs no script until the visitor gets near it (the footer, an FAQ
 * further down): it is in the HTML from the start, but React hydrates it only when it nears the
 * viewport, so starting a page does a fraction of the work. Until then it is plain HTML, whose
 * links work as ordinary links, and a click on one of its buttons is kept and replayed once it has
 * hydrated (lib/earlyClicks.ts). Renders normally outside hydration (client-side navigation).
 */
export function HydrateNearView({ children }: { children: ReactNode }) {
  const id = useId();
  const block = useRef<HTMLDivElement>(null);
  return (
    <div ref={block} {...{ [LATE_BLOCK_ATTR]: id }} style={{ display: 'contents' }}>
      <LeaveOutOnError>
        <Suspense fallback={null}>
          <WaitNearView id={id} />
          {children}
          <ReplayEarlyClicks block={block} />
        </Suspense>
      </LeaveOutOnError>
    </div>
  );
}
