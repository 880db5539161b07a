// The build's prerender and Chakra CSS helpers (scripts/build/), run in Node like the build; they read
// the page's theme, so this folder is checked with the build (tsconfig.build.json).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chakraDropUnusedPalettes, chakraGlobalCss, chakraSkipRuntimeGlobalCss } from '../../../scripts/build/chakraCss.ts';
import { STARTUP_STAGES, startupChunksCheck, startupGroups } from '../../../scripts/build/startupChunks.ts';
import { UNUSED_PALETTES } from '../../../src/theme/unusedPalettes.ts';
import { BOOT_SCRIPT, fillTemplate, hoistEmotionStyles, withModulePreloads } from '../../../scripts/build/prerender.ts';
import { prerenderedFile } from '../../../contract/prerender.ts';
import { getSystem } from '../../../src/theme/system.ts';
import { until } from '../support/until.ts';

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

  it('fills a page description into the meta tag, keeping the app\'s on data-default; without one the app\'s stays', () => {
    const template = TEMPLATE.replace('<title>', '<meta\n      name="description"\n      content="The app &amp; more"\n    />\n<title>');
    const out = fillTemplate(template, '/ai-transparency', { html: '<h1>AI</h1>', title: 'AI | Persona Studio', description: 'Marks & "credentials"' }, [], '/assets/boot-4.js');
    expect(out).toContain('<meta name="description" content="Marks &amp; &quot;credentials&quot;" data-default="The app &amp; more"');
    expect(fillTemplate(template, '/terms', { html: '<h1>T</h1>', title: 'T' }, [], '/assets/boot-4.js')).toContain('content="The app &amp; more"\n    />');
    expect(() => fillTemplate(TEMPLATE, '/x', { html: '<h1>X</h1>', title: 'X', description: 'd' }, [], '/b.js')).toThrow(/meta name="description"/);
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
    // Two painted frames: a start scheduled without the image (a frame, then a task) would have run by then.
    await new Promise((resolve) => dom.window.requestAnimationFrame(() => dom.window.requestAnimationFrame(resolve)));
    expect(started()).toBeNull();
    document.querySelector('img')!.dispatchEvent(new dom.window.Event('load'));
    const preloads = () => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    await until(() => started() !== null && preloads().length >= 2, 'the app started after the image, with its preloads', 5_000);
    expect(started()).toBe('/assets/index-1.js');
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/HomePage-5.js']);
    dom.window.close();
  });

  it('boot script: holds a submit of a form the app takes over until the app has it, from React too; leaves other forms alone', async () => {
    const { JSDOM } = await import('jsdom');
    const forms = '<form data-early-form=""><button>Login</button></form><form><button>Join</button></form>';
    const dom = new JSDOM(fillTemplate(TEMPLATE, '/login', { html: forms, title: 't' }, [], '/assets/boot-4.js'), { runScripts: 'outside-only', pretendToBeVisual: true });
    const { document } = dom.window;
    Object.defineProperty(document, 'currentScript', { value: document.querySelector('script[src="/assets/boot-4.js"]'), configurable: true });
    dom.window.eval(BOOT_SCRIPT);
    const [early, other] = [...document.querySelectorAll('form')];
    const reachedRoot: HTMLFormElement[] = [];
    document.getElementById('root')!.addEventListener('submit', (e) => reachedRoot.push(e.target as HTMLFormElement));
    const send = (form: HTMLFormElement) => {
      const event = new dom.window.Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(send(early!)).toBe(true);
    expect(early!.getAttribute('data-early-submit')).toBe('held');
    expect(reachedRoot).toEqual([]);
    expect(send(other!)).toBe(false);
    expect(reachedRoot).toEqual([other]);
    // The app has the form: its submits are React's.
    early!.setAttribute('data-early-submit', 'live');
    expect(send(early!)).toBe(false);
    expect(reachedRoot).toEqual([other, early]);
    dom.window.close();
  });

  it('gives the shell preloads for the start-up chunks the entry imports dynamically', () => {
    const out = withModulePreloads(TEMPLATE, ['/assets/ui-7.js', '/assets/app-8.js']);
    expect(out).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ui-7.js"><link rel="modulepreload" crossorigin href="/assets/app-8.js"></head>',
    );
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

  it('holds one set of colours, the dark one, on the root: the app is always dark', () => {
    const system = getSystem();
    const css = chakraGlobalCss(system);
    expect(css).not.toMatch(/\.dark[\s,{]/);
    expect(css).toMatch(/--chakra-colors-bg:#09090f/i);
    // Chakra's status colours keep their dark values (red.950 is its dark bg.error).
    expect(css).toContain('--chakra-colors-bg-error:var(--chakra-colors-red-950)');
    expect([...system.tokens.cssVarMap.keys()]).toEqual(['base']);
    for (const palette of UNUSED_PALETTES) expect(system.token(`colors.${palette}.500`)).toBeUndefined();
  });
});

const chakraEsm = (file: string) => createRequire(import.meta.url).resolve('@chakra-ui/react').replace(/dist[\\/]cjs[\\/].*$/, `dist/esm/${file}`);
type TransformHook = (this: unknown, code: string, id: string) => { code: string } | undefined;
/** Runs a build plugin's transform hook as the browser build would. */
function runTransform(hook: unknown, code: string, id: string) {
  const context = { error: (message: string) => { throw new Error(message); }, environment: { config: { consumer: 'client' } } };
  return { out: (hook as TransformHook).call(context, code, id) };
}

describe("Chakra's createSystem in the browser build", () => {
  it('skips the global CSS and leaves the reset module out', () => {
    const id = chakraEsm('styled-system/system.js');
    const { out } = runTransform(chakraSkipRuntimeGlobalCss().transform, readFileSync(id, 'utf8'), id);
    expect(out!.code).toContain('const _global = [];');
    expect(out!.code).not.toContain("from './preflight.js'");
    expect(out!.code).toMatch(/const createPreflight = \(\) => \{ throw new Error\(/);
    expect(() => runTransform(chakraSkipRuntimeGlobalCss().transform, 'function createSystem() {}', id)).toThrow(/createSystem changed/);
  });
});

describe('Chakra palettes left out of the browser build', () => {
  const esm = (file: string) => chakraEsm(`theme/${file}`);
  const transform = (code: string, id: string) => runTransform(chakraDropUnusedPalettes().transform, code, id);

  for (const file of ['tokens/colors.js', 'semantic-tokens/colors.js']) {
    it(`removes exactly the unused palettes from ${file}`, () => {
      const id = esm(file);
      const code = readFileSync(id, 'utf8');
      const { out } = transform(code, id);
      for (const palette of UNUSED_PALETTES) expect(out!.code).not.toContain(`\n  ${palette}: {`);
      for (const palette of ['gray', 'red', 'orange', 'green', 'blue']) expect(out!.code).toContain(`\n  ${palette}: {`);
      // Still one well-formed object: the braces balance and nothing else went.
      const count = (text: string, ch: string) => text.split(ch).length - 1;
      expect(count(out!.code, '{')).toBe(count(out!.code, '}'));
      expect(out!.code.length).toBeLessThan(code.length * 0.8);
    });
  }

  it('stops the build when Chakra no longer has a palette block, and leaves other modules alone', () => {
    const id = esm('tokens/colors.js');
    expect(() => transform('const colors = defineTokens.colors({\n  gray: {\n    50: { value: "#fff" }\n  }\n});\n', id)).toThrow(/no "yellow" palette block/);
    expect(transform('export const x = 1;', esm('tokens/sizes.js')).out).toBeUndefined();
  });
});

describe('start-up stages', () => {
  it('puts each first-load module in its stage: React with the entry, then the theme, then the app', () => {
    const groups = startupGroups();
    const stageOf = (id: string) => groups.find((g) => g.test(id))?.name;
    expect(groups.map((g) => g.name)).toEqual(STARTUP_STAGES.map((s) => s.name));
    expect(groups.every((g) => g.tags.includes('$initial') && g.includeDependenciesRecursively === false)).toBe(true);
    expect(stageOf('/w/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('entry');
    expect(stageOf('\0vite/preload-helper.js')).toBe('entry');
    expect(stageOf('/w/node_modules/@chakra-ui/react/dist/esm/styled-system/system.js')).toBe('ui');
    expect(stageOf('/w/node_modules/@emotion/react/dist/emotion-react.browser.esm.js')).toBe('ui');
    expect(stageOf('/w/src/theme/system.ts')).toBe('ui');
    expect(stageOf('/w/node_modules/react-router/dist/development/index.mjs')).toBe('app');
    expect(stageOf('/w/src/app/routes.tsx')).toBe('app');
    // The entry module, its stylesheet, the HTML page and Vite's own modules stay where Vite puts them.
    for (const id of ['/w/src/main.tsx', '/w/index.html', '\0virtual:chakra-global.css', '/w/src/app/x.css']) expect(stageOf(id)).toBeUndefined();
  });

  it('stops the build when a stage chunk imports a later stage, or a stage has no chunk', () => {
    const chunk = (name: string, imports: string[] = []) => ({ type: 'chunk', name, fileName: `${name}.js`, imports });
    const check = (chunks: ReturnType<typeof chunk>[]) => {
      const hook = startupChunksCheck().generateBundle as (this: unknown, options: unknown, bundle: Record<string, unknown>) => void;
      hook.call({}, {}, Object.fromEntries(chunks.map((c) => [c.fileName, c])));
    };
    expect(() => check([chunk('index', ['entry.js']), chunk('entry'), chunk('ui', ['entry.js']), chunk('app', ['ui.js', 'entry.js'])])).not.toThrow();
    expect(() => check([chunk('entry'), chunk('ui', ['app.js']), chunk('app')])).toThrow(/ui\.js \(stage ui\) imports app\.js of a later stage/);
    expect(() => check([chunk('entry'), chunk('app')])).toThrow(/No start-up chunk for stage ui/);
  });
});

describe('public images', () => {
  it('has the raster wordmark the pages show: /logo.svg drawn at 3x', async () => {
    const { default: sharp } = await import('sharp');
    const svg = await sharp('public/logo.svg').metadata();
    const webp = await sharp('public/logo.webp').metadata();
    expect(webp.format).toBe('webp');
    expect([webp.width, webp.height]).toEqual([svg.width! * 3, svg.height! * 3]);
    expect(webp.hasAlpha).toBe(true);
  });
});
