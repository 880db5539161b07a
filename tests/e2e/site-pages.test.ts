// Inner public pages: careers modal and Apply, blog list truncation and detail, contact form.
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './support/browser';

// Pages load lazily against a real server: give polls room on a busy 2-core machine.
vi.setConfig({ expect: { poll: { timeout: 10_000 } } });

describe('careers', () => {
  const f = useBrowser(DESKTOP);

  it('Job Description opens a modal that locks page scrolling until it closes', async () => {
    await f.page.goto('/careers');
    const cards = f.page.getByRole('main').getByRole('listitem').filter({ has: f.page.getByRole('button', { name: /^Apply for/ }) });
    await expect.poll(() => cards.count()).toBe(7);
    const bodyOverflow = () => f.page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await bodyOverflow()).not.toBe('hidden');

    await f.page.getByRole('button', { name: 'Job Description: Senior React Engineer' }).click();
    const dialog = f.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).innerText()).toBe('Senior React Engineer');
    const text = await dialog.innerText();
    for (const part of ['Ahmedabad (Hybrid)', '5+ years', 'TypeScript', 'What you will do']) expect(text).toContain(part);
    await expect.poll(bodyOverflow).toBe('hidden');

    await f.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(bodyOverflow).not.toBe('hidden');

    await f.page.getByRole('button', { name: 'Job Description: Senior React Engineer' }).click();
    await expect.poll(bodyOverflow).toBe('hidden');
    await f.page.getByRole('button', { name: 'Close job description' }).click();
    await expect.poll(bodyOverflow).not.toBe('hidden');
  });

  it('Apply opens a new tab composing to HR with the exact subject', async () => {
    await f.page.goto('/careers');
    // Keep the popup off the real network.
    await f.context.route('https://mail.google.com/**', (route) => route.fulfill({ status: 200, body: 'compose' }));
    const title = 'Senior React Engineer';
    const [popup] = await Promise.all([
      f.context.waitForEvent('page'),
      f.page.getByRole('button', { name: `Apply for ${title}` }).click(),
    ]);
    const url = new URL(popup.url());
    expect(url.host).toBe('mail.google.com');
    expect(url.searchParams.get('su')).toBe(`Application for the position of ${title}`);
    expect(url.searchParams.get('to')).toBe('careers@personastudio.ai');
  });
});

describe('blogs', () => {
  const f = useBrowser(PHONE);

  it('cards cut titles to 45 characters and summaries to 120, each with ... and an arrow to the article', async () => {
    await f.page.goto('/blogs');
    const titles = f.page.getByRole('main').getByRole('heading', { level: 2 });
    await expect.poll(() => titles.count()).toBe(10);
    const cards = await titles.evaluateAll((els) =>
      els.map((h) => ({ shown: h.textContent ?? '', full: h.getAttribute('title') ?? '' })),
    );
    const long = cards.filter((c) => c.full.length > 45);
    expect(long.length).toBeGreaterThan(0);
    for (const c of long) {
      expect(c.shown.endsWith('...')).toBe(true);
      expect(c.shown).toHaveLength(48);
      expect(c.shown).toBe(c.full.slice(0, 45) + '...');
    }
    for (const c of cards.filter((x) => x.full.length <= 45)) expect(c.shown).toBe(c.full);
    const summaries = await f.page.getByTestId('blog-summary').allInnerTexts();
    expect(summaries).toHaveLength(10);
    for (const s of summaries) {
      expect(s.endsWith('...')).toBe(true);
      expect(s).toHaveLength(123);
    }
    const first = await f.page.getByRole('link', { name: /^Read How to Design a Consistent AI Character$/ }).getAttribute('href');
    expect(first).toBe('/blogsDetails/designing-a-consistent-ai-character');
  });

  it('the detail shows the title with its highlighted part, author, the article date, read time and breadcrumb', async () => {
    await f.page.goto('/blogs');
    await f.page.getByRole('link', { name: 'Read How to Design a Consistent AI Character' }).click();
    await f.page.waitForURL('**/blogsDetails/designing-a-consistent-ai-character');
    const h1 = f.page.getByRole('heading', { level: 1 });
    await expect.poll(() => h1.innerText()).toBe('How to Design a Consistent AI Character Your Audience Remembers');
    expect(await h1.locator('span').innerText()).toBe('Your Audience Remembers');
    const main = f.page.getByRole('main');
    expect(await main.locator('time').getAttribute('datetime')).toBe('2025-01-14');
    expect(await main.locator('time').innerText()).toBe('14 January 2025');
    expect(await main.innerText()).toMatch(/\b\d+ min read\b/);
    expect(await main.innerText()).toContain('Riya Mehta');
    // The author's avatar falls back to the logo when its file is missing.
    await expect.poll(() => main.locator('img[width="44"]').getAttribute('src')).toMatch(/^\/media\/site\/authors\/riya-mehta\.webp$|^\/favicon\.svg$/);
    const crumb = f.page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumb.innerText()).replace(/\s+/g, ' ')).toBe('Blogs / Blog Details');
    await crumb.getByRole('link', { name: 'Blogs' }).click();
    await f.page.waitForURL('**/blogs');
  });

  it('an unknown slug shows a not-found message with a link back', async () => {
    await f.page.goto('/blogsDetails/no-such-article');
    await expect.poll(() => f.page.getByRole('heading', { level: 1 }).innerText()).toBe('Article not found');
    expect(await f.page.getByRole('link', { name: 'Back to Blogs' }).getAttribute('href')).toBe('/blogs');
  });
});

describe('contact', () => {
  const f = useBrowser(PHONE);

  it('checks required fields, shows Sending... while sending, then thanks, cleared after 2 s, fields emptied', async () => {
    await f.page.goto('/contact');
    const form = f.page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.innerText()).toContain('Name is required.');
    expect(await form.innerText()).toContain('Email is required.');
    await form.getByLabel('Your name').fill('Priya Sharma');
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByLabel('How can we help?').fill('I would like a demo for my agency.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.innerText()).toContain('Enter a valid email address.');
    await form.getByLabel('Email address').fill('priya@example.com');

    // Hold the request so the sending state is visible.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await f.page.route('**/api/contact-us/', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expect.poll(() => sending.isDisabled()).toBe(true);
    release();
    const status = form.getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Thanks for contacting us');
    expect(await form.getByLabel('Your name').inputValue()).toBe('');
    expect(await form.getByLabel('How can we help?').inputValue()).toBe('');
    await expect.poll(() => status.innerText(), { timeout: 3500 }).toBe('');
    expect(await form.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
  });

  it('a server failure shows the failure message and keeps the fields', async () => {
    await f.page.goto('/contact');
    await f.page.route('**/api/contact-us/', (route) => route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }));
    const form = f.page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Priya Sharma');
    await form.getByLabel('Email address').fill('priya@example.com');
    await form.getByLabel('How can we help?').fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const status = form.getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Failed to send message. Please try again later.');
    expect(await form.getByLabel('Your name').inputValue()).toBe('Priya Sharma');
    await expect.poll(() => status.innerText(), { timeout: 3500 }).toBe('');
  });

  it('shows the support email, the Ahmedabad address and the phone', async () => {
    await f.page.goto('/contact');
    const main = f.page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain('support@personastudio.ai');
    expect(await main.innerText()).toContain('Ahmedabad');
    expect(await main.getByRole('link', { name: '+91 79 4000 0000' }).getAttribute('href')).toBe('tel:+917940000000');
  });
});
