// Home page behaviour: feature tabs, FAQ accordion, testimonial slider timing, newsletter paths.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { freezeClock } from './support/clock';
import { idle } from './support/settle';
import { MESSAGE_CLEAR_MS } from '../../src/content/newsletter';

// The home page's moving parts (clips, slider, strip, marquee and their controls) are checked with
// motion; newAppContext tells the other pages the visitor prefers reduced motion.
const MOTION = { reducedMotion: 'no-preference' } as const;

// Pages load lazily against a real server: give polls room on a busy 2-core machine.
vi.setConfig({ expect: { poll: { timeout: 10_000 } } });

/** Scrolls down like a visitor until every below-the-fold section has loaded (they load near view). */
async function revealSections(page: Page): Promise<void> {
  const pending = page.locator('[data-deferred-section]');
  for (let step = 0, left = await pending.count(); step < 50 && left > 0; step++) {
    // Scrolled to the first one still waiting until it has loaded (one fewer waiting). Its chunk
    // and its render in a transition, beside the hero clip and the strip: 10 s was not always
    // enough with the machine fully loaded (a fresh clone on 2026-11-30, two sections left).
    await expect
      .poll(async () => {
        await pending.first().scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => undefined);
        return pending.count();
      }, { timeout: 30_000 })
      .not.toBe(left);
    left = await pending.count();
  }
  expect(await pending.count()).toBe(0);
}

/** Home with the page clock frozen once the testimonial slider shows its three cards. */
async function sliderOnFrozenClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await revealSections(page);
  const slider = page.getByRole('region', { name: 'Testimonials slider' });
  await expect.poll(() => slider.getByRole('group').count()).toBe(3);
  await freezeClock(page);
  return slider;
}

function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  return messages;
}

describe('home: feature tabs and FAQ', () => {
  const f = useBrowser(DESKTOP, MOTION);

  it('loads the code below the fold only when the visitor scrolls near it; the features are in the page from the start', async () => {
    const scripts: string[] = [];
    f.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await f.page.goto('/');
    // Nothing below the fold loads by itself once the page has settled (loaded, then idle).
    await idle(f.page);
    expect(await f.page.locator('[data-deferred-section]').count()).toBe(4);
    expect(scripts.some((s) => /\/(FeatureTabs|HomeFaq|NewsletterSection)-/.test(s))).toBe(false);
    // Prerendered (a phone shows them on its first screen), hydrated only near view.
    expect(await f.page.getByRole('tablist', { name: 'Features' }).getByRole('tab').count()).toBe(5);
    await revealSections(f.page);
    expect(scripts.some((s) => /\/FeatureTabs-/.test(s))).toBe(true);
    expect(await f.page.getByRole('tablist', { name: 'Features' }).count()).toBe(1);
  });

  it('the first tab is selected; clicking another shows its heading; arrows move the selection', async () => {
    await f.page.goto('/');
    await revealSections(f.page);
    const tabs = f.page.getByRole('tablist', { name: 'Features' }).getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(5);
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(0).innerText()).toBe('AI Face Generation');
    const panel = f.page.getByRole('tabpanel');
    expect(await panel.getByRole('heading').innerText()).toBe('Create a face that has never existed');
    expect(await panel.innerText()).toContain('Blend three celebrity names');

    await f.page.getByRole('tab', { name: 'Cloth Swap' }).click();
    expect(await f.page.getByRole('tab', { name: 'Cloth Swap' }).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('false');
    expect(await panel.getByRole('heading').innerText()).toBe('Change outfits in seconds');

    await f.page.getByRole('tab', { name: 'Cloth Swap' }).press('ArrowDown');
    expect(await f.page.getByRole('tab', { name: 'AI Music Generator' }).getAttribute('aria-selected')).toBe('true');
    await f.page.keyboard.press('ArrowDown'); // wraps to the first
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
  });

  it('Image to Video previews a muted, looping, autoplaying video', async () => {
    await f.page.goto('/');
    await revealSections(f.page);
    await f.page.getByRole('tab', { name: 'Image to Video' }).click();
    const video = f.page.getByRole('tabpanel').locator('video');
    await expect.poll(() => video.count()).toBe(1);
    // The clip's source is set once the video is seen in view (LoopVideo's IntersectionObserver),
    // which a busy machine reports a while after the tab shows it.
    const props = () => video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, autoplay: v.autoplay, src: v.getAttribute('src') }));
    await expect.poll(props).toEqual({ muted: true, loop: true, autoplay: true, src: '/media/site/features/imagetovideo.mp4' });
    expect(await f.page.getByRole('tabpanel').getByRole('heading').innerText()).toBe('Bring your images to life');
  });

  it('FAQ: one item open at a time; clicking the open item closes it', async () => {
    await f.page.goto('/');
    await revealSections(f.page);
    const faq = f.page.locator('section[aria-labelledby="home-faq-title"]');
    const questions = faq.locator('summary');
    await expect.poll(() => questions.count()).toBe(6);
    const expanded = () => faq.locator('details').evaluateAll((els) => els.map((e) => (e as HTMLDetailsElement).open));
    expect(await expanded()).toEqual(Array(6).fill(false));

    await questions.nth(0).click();
    await expect.poll(expanded).toEqual([true, false, false, false, false, false]);
    expect(await f.page.getByText(/Persona Studio is a web app for creating AI virtual influencers/).isVisible()).toBe(true);

    await questions.nth(2).click();
    await expect.poll(expanded).toEqual([false, false, true, false, false, false]);
    expect(await f.page.getByText(/Persona Studio is a web app for creating AI virtual influencers/).isVisible()).toBe(false);

    await questions.nth(2).click();
    await expect.poll(expanded).toEqual(Array(6).fill(false));
    // Keyboard: a question takes focus and opens with Enter.
    await questions.nth(1).focus();
    await f.page.keyboard.press('Enter');
    await expect.poll(expanded).toEqual([false, true, false, false, false, false]);
  });

  it.each([
    ['the feature tabs\' code', /\/assets\/FeatureTabs-[^/]*\.js$/],
    ['the start-up code', /\/assets\/app-[^/]*\.js$/],
  ])('a click on a feature tab before %s has loaded takes effect once it has (issue 14)', async (_, chunk) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let heldChunks = 0;
    await f.page.route(chunk, async (route) => {
      heldChunks += 1;
      await held;
      await route.continue();
    });
    // The frame's goto: the page's own waits for the app to be live, which is held back here.
    await f.page.mainFrame().goto('/', { waitUntil: 'domcontentloaded' });
    const tabs = f.page.getByRole('tablist', { name: 'Features' });
    await tabs.scrollIntoViewIfNeeded();
    await expect.poll(() => heldChunks).toBeGreaterThan(0);
    await tabs.getByRole('tab', { name: 'Cloth Swap' }).click();
    release();
    await expect.poll(() => tabs.getByRole('tab', { name: 'Cloth Swap' }).getAttribute('aria-selected')).toBe('true');
    expect(await f.page.getByRole('tabpanel').getByRole('heading').innerText()).toBe('Change outfits in seconds');
  });

  it('a click on the FAQ before its code has loaded is not lost (issue 14)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let heldChunks = 0;
    await f.page.route(/\/assets\/FaqAccordion-[^/]*\.js$/, async (route) => {
      heldChunks += 1;
      await held;
      await route.continue();
    });
    await f.page.goto('/pricing');
    const faq = f.page.locator('section[aria-labelledby="pricing-faq-title"]');
    await faq.scrollIntoViewIfNeeded();
    await expect.poll(() => heldChunks).toBeGreaterThan(0);
    const first = faq.locator('details').first();
    await first.locator('summary').click();
    expect(await first.evaluate((e) => (e as HTMLDetailsElement).open)).toBe(true);
    release();
    await f.page.waitForLoadState('networkidle');
    expect(await first.evaluate((e) => (e as HTMLDetailsElement).open)).toBe(true);
  });
});

describe('home on a phone', () => {
  const f = useBrowser(PHONE);

  it('the feature tabs wrap inside the screen instead of running off its edge', async () => {
    await f.page.goto('/');
    const tabs = f.page.getByRole('tablist', { name: 'Features' }).getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(5);
    const width = f.page.viewportSize()!.width;
    const boxes = await tabs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    for (const box of boxes) expect(box.left >= 0 && box.right <= width, JSON.stringify(box)).toBe(true);
  });
});

describe('home: testimonials', () => {
  const f = useBrowser(DESKTOP, MOTION);
  const middle = (page: Page) => page.getByRole('region', { name: 'Testimonials slider' }).locator('[aria-current="true"]').getAttribute('aria-label');

  it('the slider advances one card every 3000 ms, wraps, and has Previous/Next', async () => {
    const slider = await sliderOnFrozenClock(f.page);
    const index = async () => Number((await middle(f.page))?.split(' of ')[0]);
    const start = await index();
    expect(start).toBeGreaterThanOrEqual(2); // starts with cards 1, 2, 3; it may have advanced before the pause
    expect(start).toBeLessThanOrEqual(6);
    // Three visible: the middle at full opacity, the others dimmed.
    const opacities = await slider.getByRole('group').evaluateAll((els) => els.map((e) => getComputedStyle(e).opacity));
    expect(opacities).toEqual(['0.9', '1', '0.9']);

    await f.page.clock.runFor(3000); // exactly one card
    await expect.poll(index).toBe(start + 1);
    await f.page.clock.runFor(2999); // the next advance is exactly 3000 ms after the last one
    expect(await index()).toBe(start + 1);
    await f.page.clock.runFor(1);
    await expect.poll(index).toBe(start + 2);

    const toWrap = 8 - (start + 2) + 1; // advances until the middle card is card 1 again
    for (let i = 0; i < toWrap; i++) await f.page.clock.runFor(3000);
    await expect.poll(() => middle(f.page)).toBe('1 of 8: Meera Kapoor');
    expect(await slider.getByRole('group').first().getAttribute('aria-label')).toBe('8 of 8: Marcus Bennett');

    await f.page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect.poll(() => middle(f.page)).toBe('2 of 8: Daniel Okafor');
    await f.page.getByRole('button', { name: 'Previous testimonial' }).click();
    await f.page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect.poll(() => middle(f.page)).toBe('8 of 8: Marcus Bennett');
  });

  it('the slider stands still under the pointer, with focus inside, when paused, and under reduced motion (WCAG 2.2.2)', async () => {
    const slider = await sliderOnFrozenClock(f.page);
    const index = async () => (await middle(f.page)) ?? '';
    const before = await index();
    await slider.hover();
    await f.page.clock.runFor(9000);
    expect(await index()).toBe(before);
    await f.page.mouse.move(0, 0);
    await f.page.clock.runFor(3000);
    await expect.poll(index).not.toBe(before);

    // Focus inside (keyboard) holds it too; the pause control stops it until played again.
    const pause = f.page.getByRole('button', { name: 'Pause testimonial slider' });
    await pause.focus();
    const held = await index();
    await f.page.clock.runFor(9000);
    expect(await index()).toBe(held);
    await pause.press('Enter');
    await f.page.getByRole('button', { name: 'Play testimonial slider' }).evaluate((e) => (e as HTMLElement).blur());
    await f.page.clock.runFor(9000);
    expect(await index()).toBe(held);
    await f.page.getByRole('button', { name: 'Play testimonial slider' }).click();
    await f.page.mouse.move(0, 0);
    await f.page.getByRole('button', { name: 'Pause testimonial slider' }).evaluate((e) => (e as HTMLElement).blur());
    await f.page.clock.runFor(3000);
    await expect.poll(index).not.toBe(held);

    // Reduced motion: no auto-advance and no pause control (nothing moves); Previous/Next remain.
    await f.page.emulateMedia({ reducedMotion: 'reduce' });
    await f.page.clock.resume();
    await f.page.reload();
    await revealSections(f.page);
    await expect.poll(() => slider.getByRole('group').count()).toBe(3);
    await freezeClock(f.page);
    const still = await index();
    await f.page.clock.runFor(9000);
    expect(await index()).toBe(still);
    expect(await f.page.getByRole('button', { name: /^(Pause|Play) testimonial slider$/ }).count()).toBe(0);
    await f.page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect.poll(index).not.toBe(still);
  });

  it('every moving block on / has a pause control that stops it (hero video, character strip, community clips, testimonials strip)', async () => {
    await f.page.goto('/');
    await revealSections(f.page);
    const button = (name: string) => f.page.getByRole('button', { name, exact: true });

    await button('Pause background video').click();
    expect(await f.page.locator('section[aria-labelledby="home-hero-title"] video').evaluate((v) => (v as HTMLVideoElement).paused)).toBe(true);
    await expect.poll(() => button('Play background video').count()).toBe(1);

    const strip = f.page.getByRole('region', { name: 'Characters made with Persona Studio' }).locator(':scope > div');
    expect(await strip.evaluate((e) => getComputedStyle(e).animationPlayState)).toBe('running');
    await button('Pause character strip').click();
    expect(await strip.evaluate((e) => getComputedStyle(e).animationPlayState)).toBe('paused');

    const clips = f.page.locator('section[aria-labelledby="community-title"] video');
    await button('Pause community videos').click();
    await expect.poll(() => clips.evaluateAll((vs) => vs.every((v) => (v as HTMLVideoElement).paused))).toBe(true);
    await button('Play community videos').click();
    await clips.first().scrollIntoViewIfNeeded();
    await expect.poll(() => clips.first().evaluate((v) => (v as HTMLVideoElement).paused)).toBe(false);

    const marquee = f.page.getByRole('region', { name: 'Testimonials', exact: true }).locator(':scope > div');
    await button('Pause testimonials strip').click();
    expect(await marquee.evaluate((e) => getComputedStyle(e).animationPlayState)).toBe('paused');
  });

  it('cards show initials, title and stars filled to the count; the marquee loops all 8', async () => {
    await f.page.goto('/testimonials');
    await expect.poll(() => f.page.getByRole('heading', { level: 1 }).innerText()).toBe('Testimonials');
    const marquee = f.page.getByRole('region', { name: 'Testimonials', exact: true });
    const visibleCopy = marquee.locator('[data-marquee-copy="0"] > *');
    await expect.poll(() => visibleCopy.count()).toBe(8);
    const first = visibleCopy.first();
    expect(await first.getByTestId('initials').innerText()).toBe('MK');
    expect(await first.getByRole('img').getAttribute('aria-label')).toBe('5 out of 5 stars');
    expect(await first.locator('svg[data-filled="true"]').count()).toBe(5);
    const third = visibleCopy.nth(2); // Sofia Martínez, 4 stars
    expect(await third.getByRole('img').getAttribute('aria-label')).toBe('4 out of 5 stars');
    expect(await third.locator('svg[data-filled="true"]').count()).toBe(4);
    expect(await third.getByTestId('initials').innerText()).toBe('SM');
    const animation = await marquee.locator(':scope > div').evaluate((e) => getComputedStyle(e).animationIterationCount);
    expect(animation).toBe('infinite');
  });
});

describe('home: newsletter', () => {
  const f = useBrowser(DESKTOP);
  const form = (page: Page) => page.getByRole('form', { name: 'Newsletter sign-up' });

  it('an empty submit shows the message for 2 s and sends nothing', async () => {
    await f.page.clock.install();
    await f.page.goto('/');
    await revealSections(f.page);
    let sent = 0;
    f.page.on('request', (r) => {
      if (r.url().includes('/api/news_letter/')) sent++;
    });
    // On the page's frozen clock: shown for exactly MESSAGE_CLEAR_MS (2 s), then gone.
    await freezeClock(f.page);
    await form(f.page).getByRole('button', { name: 'Subscribe' }).click();
    const alert = form(f.page).getByRole('alert');
    expect(await alert.innerText()).toBe('Please enter a valid email address');
    await f.page.clock.runFor(MESSAGE_CLEAR_MS - 1);
    expect(await alert.innerText()).toBe('Please enter a valid email address');
    await f.page.clock.runFor(1);
    await expect.poll(() => alert.innerText()).toBe('');
    expect(sent).toBe(0);
  });

  it('success alerts the joined message; the same address again alerts the server message; no reload', async () => {
    const dialogs = collectDialogs(f.page);
    await f.page.goto('/');
    await revealSections(f.page);
    await f.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const email = `fan-${Date.now()}@example.com`;
    await form(f.page).getByLabel('Email address').fill(email);
    await form(f.page).getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => dialogs).toEqual(['Successfully joined our community']);
    await form(f.page).getByLabel('Email address').fill(email);
    await form(f.page).getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe('You are already subscribed to our newsletter.');
    expect(await f.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  it('failure alerts the server message, or "Error: Unable to process" without one', async () => {
    const dialogs = collectDialogs(f.page);
    await f.page.goto('/');
    await revealSections(f.page);
    await f.page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await f.page.route('**/api/news_letter/', (route) => route.fulfill({ status: 500, json: { error: 'Newsletter service is down' } }));
    await form(f.page).getByLabel('Email address').fill('someone@example.com');
    await form(f.page).getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => dialogs).toEqual(['Newsletter service is down']);

    await f.page.unroute('**/api/news_letter/');
    await f.page.route('**/api/news_letter/', (route) => route.abort());
    await form(f.page).getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe('Error: Unable to process');
    expect(await f.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  });
});
