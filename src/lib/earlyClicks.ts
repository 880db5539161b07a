// Clicks on prerendered controls that land before React has hydrated them. A block that hydrates
// late (HydrateNearView: the feature tabs, the footer) is plain HTML until its code has loaded,
// and React drops a click on a block it has not hydrated yet (before hydration starts nothing
// listens; during it React stops the click at a dehydrated boundary). So the entry listens from
// its first task, in the capture phase ahead of React, keeps such clicks, and the block replays
// them once it has hydrated. Native controls need none of this (links; <details> for the FAQ).

/** The blocks that hydrate late (HydrateNearView's wrapper). */
export const LATE_BLOCK_ATTR = 'data-hydrate-near-view';
/**
 * Controls whose click only React acts on. Submit buttons are left to the browser (the form works
 * without script), as are <summary> and links, which work natively.
 */
const REPLAYABLE = ':is(button:not([type="submit"]), [role="tab"], [role="button"]):not(summary, a[href])';

const early: Array<{ event: Event; control: HTMLElement }> = [];
const hydrated = new WeakSet<Element>();
let listening = false;
let reactListening = false;

/** Starts keeping clicks on late blocks that have not hydrated (once, from the entry). */
export function captureEarlyClicks(doc: Document = document): void {
  if (listening) return;
  listening = true;
  doc.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(REPLAYABLE) : null;
      const block = control?.closest(`[${LATE_BLOCK_ATTR}]`);
      if (!control || !block || hydrated.has(block) || (control as HTMLButtonElement).disabled) return;
      early.push({ event, control });
    },
    true,
  );
  // A click that bubbles out of the root while React listens there was React's to handle (it
  // hydrated the block on the spot): not to be clicked again. One React dropped never gets here.
  doc.addEventListener('click', (event) => {
    if (!reactListening) return;
    const at = early.findIndex((kept) => kept.event === event);
    if (at >= 0) early.splice(at, 1);
  });
}

/** Called right before hydrateRoot: from then on React's root listens to clicks. */
export function reactStartsListening(): void {
  reactListening = true;
}

/**
 * Called by a late block once it has hydrated: from now on its clicks are React's, and the ones
 * kept for it are clicked again, in order. A control React replaced during hydration is found
 * again by its id.
 */
export function replayEarlyClicks(block: Element): void {
  hydrated.add(block);
  const mine = early.filter(({ control }) => block.contains(control) || (!control.isConnected && control.id));
  if (mine.length === 0) return;
  early.splice(0, early.length, ...early.filter((kept) => !mine.includes(kept)));
  for (const { control } of mine) {
    const target = control.isConnected ? control : block.ownerDocument.getElementById(control.id);
    if (target && block.contains(target)) target.click();
  }
}
