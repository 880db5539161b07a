// Waiting for a screen to be still without sleeping (issue 42): instead of a fixed pause after a
// navigation or a resize, wait for what the pause stood for: the fonts loaded, every picture in
// view decoded or failed, every transition or animation that ends (a fade, a colour change) ended,
// and two painted frames after that (layout and paint done). Endless ones (spinners) and paused ones are left.
import type { Page } from 'playwright-core';

export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      // A lazy picture out of view does not load until it is scrolled to: not waited for.
      const box = img.getBoundingClientRect();
      const inView = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
      return img.complete || (img.loading === 'lazy' && !inView);
    }),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await animationsEnded(page);
  await page.evaluate(async () => {
    await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  });
}

/** Every transition or animation running now that has an end (a fade, a colour change) has ended; endless ones (spinners) are left. */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    // A canceled one (the element went away) rejects its finished promise: that is ended too.
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * "Nothing more happens by itself": every resource of the page loaded, then the browser idle
 * (requestIdleCallback, where React and lazy loaders do deferred work) several times over, each
 * after a painted frame.
 */
export async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((done) => requestAnimationFrame(() => done()));
      await new Promise<void>((done) => requestIdleCallback(() => done()));
    }
  });
}
