/**
 * A small gate on how many heavy loads (video previews) run at once. The browser has only six
 * connections to our server over HTTP/1.1: a screen full of clips would hold them all, and the
 * user's generate call would wait behind them.
 */
export function loadSlots(max: number) {
  let busy = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    while (busy < max && waiting.length > 0) {
      busy++;
      waiting.shift()!();
    }
  };
  /**
   * Waits for a free slot, then calls `start` with a `release` to call once (more calls do
   * nothing). Answers a function that gives the slot up, or stops waiting for one.
   */
  return function take(start: (release: () => void) => void): () => void {
    let held = false;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      if (held) {
        busy--;
        next();
      } else {
        const at = waiting.indexOf(grant);
        if (at >= 0) waiting.splice(at, 1);
      }
    };
    const grant = () => {
      held = true;
      start(release);
    };
    waiting.push(grant);
    next();
    return release;
  };
}
