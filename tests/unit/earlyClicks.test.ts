// Clicks kept for blocks that hydrate late (src/lib/earlyClicks.ts), in a DOM with no React: the
// rules on which clicks are kept, when they are replayed, and which are React's own.
import { describe, expect, it, vi } from 'vitest';
import { captureEarlyClicks, LATE_BLOCK_ATTR, reactStartsListening, replayEarlyClicks } from '../../src/lib/earlyClicks';

function block(html: string): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute(LATE_BLOCK_ATTR, 'b');
  el.innerHTML = html;
  document.body.append(el);
  return el;
}

describe('early clicks', () => {
  captureEarlyClicks();

  it('keeps a click on a tab of a block not yet hydrated and replays it once, when the block hydrates', () => {
    const b = block('<div role="tablist"><button role="tab" id="t1"><span>One</span></button></div>');
    const tab = b.querySelector('button')!;
    tab.querySelector('span')!.click();
    const clicked = vi.fn();
    tab.addEventListener('click', clicked);
    replayEarlyClicks(b);
    expect(clicked).toHaveBeenCalledTimes(1);
    // Hydrated: its clicks are no longer kept.
    tab.click();
    replayEarlyClicks(b);
    expect(clicked).toHaveBeenCalledTimes(2);
  });

  it('leaves links, submit buttons, summaries and controls outside late blocks to the browser', () => {
    const b = block('<a href="#x" role="button">x</a><form><button type="submit">Go</button></form><details><summary role="button">Q</summary></details>');
    const outside = document.createElement('button');
    document.body.append(outside);
    const spies = [b.querySelector('a')!, b.querySelector('button')!, b.querySelector('summary')!, outside].map((el) => {
      el.addEventListener('click', (e) => e.preventDefault());
      el.click();
      const spy = vi.fn();
      el.addEventListener('click', spy);
      return spy;
    });
    replayEarlyClicks(b);
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 0]);
  });

  it("once React listens, a click it let through (it hydrated the block on the spot) is not replayed; one it stopped is", () => {
    reactStartsListening();
    const b = block('<button id="a">A</button><button id="s">S</button>');
    const [handled, stopped] = [b.querySelector<HTMLButtonElement>('#a')!, b.querySelector<HTMLButtonElement>('#s')!];
    // React at a dehydrated boundary stops the click before it reaches the document.
    stopped.addEventListener('click', (e) => e.stopPropagation(), { once: true });
    handled.click();
    stopped.click();
    const spies = [handled, stopped].map((el) => {
      const spy = vi.fn();
      el.addEventListener('click', spy);
      return spy;
    });
    replayEarlyClicks(b);
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 1]);
  });
});
