// The page's fake clock (Playwright's page.clock) instead of the wall clock (issue 42).
import type { Page } from 'playwright-core';

/**
 * Freezes the page's clock: from here only runFor moves it. The page clock runs in real time
 * until paused; under load the chosen instant may already have passed by the time pauseAt
 * arrives, so pick a fresh one and try again.
 */
export async function freezeClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const at = await page.evaluate(() => Date.now() + 50);
    const paused = await page.clock.pauseAt(at).then(
      () => true,
      (err: Error) => {
        if (attempt >= 5 || !/past/.test(err.message)) throw err;
        return false;
      },
    );
    if (paused) break;
  }
}
