import { describe, expect, inject, it } from 'vitest';
import { signedInUser } from './support/accountsApi';
import { useBrowser } from './support/browser';

// Public routes of spec document 1 §2 and the <h1> each shows.
const PUBLIC_ROUTES: [path: string, title: RegExp][] = [
  ['/', /virtual influencer/i],
  ['/about', /^About Us$/],
  ['/terms', /^Terms and Conditions$/],
  ['/privacy', /^Privacy Policy$/],
  ['/ai-transparency', /^AI Transparency$/],
  ['/affiliate', /^Affiliate/],
  ['/faqs', /^FAQs$/],
  ['/careers', /^Careers$/],
  ['/blogs', /^Blogs$/],
  ['/contact', /^Contact Us$/],
  ['/pricing', /^Pricing$/],
  ['/subscription', /^Pricing$/],
  ['/testimonials', /^Testimonials$/],
  ['/commingsoon', /^Coming Soon$/],
  ['/login', /Login/],
  ['/signup', /Create an Account|Login/],
  ['/forgot', /Reset Password|Login/],
  ['/otpverification', /Verify|Login/],
];

const GUARDED_ROUTES = [
  '/address', '/paymentSuccess', '/face', '/image', '/video', '/AIMusic',
  '/gallery', '/profile', '/clothSwap', '/feedback', '/Imagetovideo',
];

describe('app shell', () => {
  const f = useBrowser();

  it('every public route renders its title', async () => {
    for (const [path, title] of PUBLIC_ROUTES) {
      await f.page.goto(path);
      await expect.poll(() => f.page.getByRole('heading', { level: 1 }).first().innerText(), { message: path }).toMatch(title);
    }
  });

  it('public pages share the footer with its links and 2025 copyright', async () => {
    await f.page.goto('/about');
    const footer = f.page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Contact Us', '/contact'], ['FAQs', '/faqs'], ['Terms & Conditions', '/terms'], ['Privacy Policy', '/privacy'],
      ['Careers', '/careers'], ['Blogs', '/blogs'], ['About Us', '/about'], ['Affiliate', '/affiliate'], ['AI Transparency', '/ai-transparency'],
    ]) {
      await expect.poll(() => footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await expect.poll(() => footer.innerText()).toContain('2025');
    for (const social of ['Facebook', 'LinkedIn', 'Instagram', 'WhatsApp', 'X', 'YouTube']) {
      expect(await footer.getByRole('link', { name: new RegExp(social) }).count(), social).toBeGreaterThan(0);
    }
  });

  it('guarded routes without a token land on /login', async () => {
    for (const path of GUARDED_ROUTES) {
      await f.page.goto(path);
      await f.page.waitForURL('**/login', { timeout: 10_000 });
    }
  });

  it('a signed-in session sees the sidebar with the active item kept in sessionStorage', async () => {
    await signedInUser(f.page, { url: f.baseURL, dataDir: inject('dataDir') }, 'shell', 'Asha');
    await f.page.goto('/gallery');
    await expect.poll(() => f.page.getByRole('heading', { level: 1 }).first().innerText()).toBe('Gallery');
    const nav = f.page.getByRole('navigation').first();
    await expect.poll(() => nav.getByRole('link', { name: /Asha/ }).getAttribute('href')).toBe('/profile');
    await expect.poll(() => nav.locator('[aria-current="page"]').first().getAttribute('href')).toBe('/gallery');
    await expect.poll(() => f.page.evaluate(() => sessionStorage.getItem('activeItem'))).toBeTruthy();
    await nav.getByRole('link', { name: /Cloth Swap/ }).first().click();
    await f.page.waitForURL('**/clothSwap');
    await expect.poll(() => nav.locator('[aria-current="page"]').first().getAttribute('href')).toBe('/clothSwap');
  });

  it('an unknown path shows the not-found page', async () => {
    const res = await f.page.goto('/no-such-page');
    expect(res?.status()).toBe(200);
    await expect.poll(() => f.page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/not found/i);
  });
});
