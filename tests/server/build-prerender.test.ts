// The build's prerender and Chakra CSS helpers (scripts/build/), run in Node like the build.
import { describe, expect, it } from 'vitest';
import { chakraGlobalCss } from '../../scripts/build/chakraCss.ts';
import { BOOT_SCRIPT, fillTemplate, hoistEmotionStyles } from '../../scripts/build/prerender.ts';
import { prerenderedFile } from '../../src/app/prerenderContract.ts';
import { getSystem } from '../../src/theme/system.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Persona Studio</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js"></head>' +
  '<body><div id="root"></div></body></html>';

describe('prerendered pages', () => {
  it('names one file per path, the home page as index.html', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/pricing')).toBe('pricing.html');
    expect(prerenderedFile('/blogsDetails/a-post')).toBe('blogsDetails/a-post.html');
  });

  it('moves emotion style tags into one tag for <head>, in order, keeping the markup', () => {
    const { html, style } = hoistEmotionStyles(
      '<style data-emotion="css-global 0"></style><style data-emotion="css a1 b2">.css-a1{color:red}.css-b2>p{margin:0}</style>' +
        '<div class="css-a1 css-b2">x</div><style data-emotion="css c3">.css-c3{gap:4px}</style><p class="css-c3">y</p>',
    );
    expect(html).toBe('<div class="css-a1 css-b2">x</div><p class="css-c3">y</p>');
    expect(style).toBe('<style data-prerendered-css="a1 b2 c3">.css-a1{color:red}.css-b2>p{margin:0}.css-c3{gap:4px}</style>');
    expect(hoistEmotionStyles('<p>plain</p>')).toEqual({ html: '<p>plain</p>', style: '' });
  });

  it('fills the template: escaped title, path marker, styles in head, and the app handed to the boot script', () => {
    const page = { html: '<style data-emotion="css z9">.css-z9{}</style><h1 class="css-z9">Plans & "prices"</h1>', title: 'Pricing <1> | Persona Studio' };
    const out = fillTemplate(TEMPLATE, '/pricing', page, ['/assets/PricingPage-3.js', '/assets/react-2.js'], '/assets/boot-4.js');
    expect(out).toContain('<title>Pricing &lt;1&gt; | Persona Studio</title>');
    expect(out).toContain('<div id="root" data-prerendered="/pricing"><h1 class="css-z9">Plans & "prices"</h1></div>');
    expect(out).toContain(
      '<style data-prerendered-css="z9">.css-z9{}</style>' +
        '<script src="/assets/boot-4.js" data-entry="/assets/index-1.js" data-preload="/assets/react-2.js /assets/PricingPage-3.js" defer></script></head>',
    );
    // No module script or preload of its own: nothing competes with the first paint.
    expect(out).not.toMatch(/type="module"|modulepreload/);
    expect(out).not.toContain('data-emotion');
  });

  it('boot script: starts the app after the high-priority images, with the preloads first', async () => {
    const { JSDOM } = await import('jsdom');
    const html = fillTemplate(TEMPLATE, '/', { html: '<img fetchpriority="high" src="/hero.webp">', title: 't' }, ['/assets/HomePage-5.js'], '/assets/boot-4.js');
    const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
    const { document } = dom.window;
    const boot = document.querySelector('script[src="/assets/boot-4.js"]')!;
    Object.defineProperty(document, 'currentScript', { value: boot, configurable: true });
    dom.window.eval(BOOT_SCRIPT);
    const started = () => document.querySelector('script[type="module"]')?.getAttribute('src') ?? null;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started()).toBeNull();
    document.querySelector('img')!.dispatchEvent(new dom.window.Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started()).toBe('/assets/index-1.js');
    expect([...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/react-2.js', '/assets/HomePage-5.js']);
    dom.window.close();
  });

  it('refuses a page that needs an inline script or left a Suspense boundary unfinished', () => {
    for (const html of ['<div></div><script>$RC("B:0","S:0")</script>', '<!--$?--><template id="B:0"></template><!--/$-->', '<!--$!--><template data-dgst="x"></template><!--/$-->']) {
      expect(() => fillTemplate(TEMPLATE, '/x', { html, title: 't' }, [], '/b.js'), html).toThrow(/pending boundary or an inline script/);
    }
    expect(() => fillTemplate('<html><body><div id="root">old</div></body></html>', '/x', { html: '<p></p>', title: 't' }, [], '/b.js')).toThrow(/no empty/);
  });
});

describe('Chakra global CSS at build time', () => {
  it('holds the layer order, the reset, the global styles and every token as a variable', () => {
    const css = chakraGlobalCss(getSystem());
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toMatch(/--chakra-colors-brand-500:/);
    expect(css).toMatch(/--chakra-colors-bg:/);
    // The app's own global rule (visible focus) made it through.
    expect(css).toMatch(/a:focus-visible/);
  });
});
