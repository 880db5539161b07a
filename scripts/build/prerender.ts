// Prerendered public pages: after the page is bundled, render each public route to HTML in Node
// (src/app/prerender.tsx, built for SSR) and write it beside the bundle, so a visitor sees the
// page, styles included, before any script has run; the browser then hydrates it (src/main.tsx).
//
// Output in the build folder:
//   index.html                  the home page (/)
//   pricing.html, about.html…   one file per public path (/blogsDetails/x -> blogsDetails/x.html)
//   shell.html                  the empty app shell for every other path (server and service
//                               worker fall back to it; the page then renders itself)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { STARTUP_STAGES } from './startupChunks.ts';
import { EARLY_FORM_ATTR, EARLY_SUBMIT_ATTR, PRERENDERED_CSS_ATTR, PRERENDERED_PATH_ATTR, prerenderedFile, SHELL_FILE } from '../../contract/prerender.ts';

const ENTRY = 'src/app/prerender.tsx';

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  renderPage(path: string): Promise<{ html: string; title: string; description?: string; page: string }>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Moves emotion's per-element <style data-emotion="css h1 h2"> tags out of the markup into one
 * tag in <head>. It is not marked as emotion's own: emotion would move ("hydrate") it into its
 * sheet, and moving a stylesheet restyles the whole page; main.tsx instead tells the page's emotion
 * cache which rules are already there (PRERENDERED_CSS_ATTR).
 */
export function hoistEmotionStyles(html: string): { html: string; style: string } {
  const names: string[] = [];
  const rules: string[] = [];
  const body = html.replace(/<style data-emotion="([\w-]+)((?: [\w-]+)*)"(?: nonce="[^"]*")?>([^<]*)<\/style>/g, (_tag, key: string, ids: string, css: string) => {
    if (key === 'css') {
      names.push(...ids.trim().split(' ').filter(Boolean));
      rules.push(css);
    }
    // Other keys (an empty <Global>) carry nothing the page needs.
    return '';
  });
  const style = names.length ? `<style ${PRERENDERED_CSS_ATTR}="${names.join(' ')}">${rules.join('')}</style>` : '';
  return { html: body, style };
}

/**
 * Starts the app once the prerendered page has painted its high-priority images (the hero, the
 * largest paint): the page is complete without scripts, so they wait and leave the bandwidth and
 * the main thread to the first paint. At most 3 s, so a slow image cannot hold the app back.
 * Until the app handles a form that asks for it (EARLY_FORM_ATTR), a submit (a password manager
 * fills the login and presses the button at once) is held for the app to send, instead of going
 * out as a plain GET of the page that loses what was typed; nor does React get it, which would
 * hydrate the form on the spot and send its still empty state. Plain ES5 in a file of its own
 * (the CSP allows no inline script).
 */
export const BOOT_SCRIPT = `(function () {
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.hasAttribute('${EARLY_FORM_ATTR}') || form.getAttribute('${EARLY_SUBMIT_ATTR}') === 'live') return;
    event.preventDefault();
    event.stopPropagation();
    form.setAttribute('${EARLY_SUBMIT_ATTR}', 'held');
  }, true);
  var boot = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.getAttribute('data-entry');
    document.head.appendChild(script);
    // The page's own chunks, a few per task: each preload costs the main thread a little.
    var preloads = (boot.getAttribute('data-preload') || '').split(' ');
    var next = 0;
    function preloadSome() {
      for (var end = next + 4; next < end && next < preloads.length; next++) {
        if (!preloads[next]) continue;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preloads[next];
        document.head.appendChild(link);
      }
      if (next < preloads.length) setTimeout(preloadSome, 0);
    }
    setTimeout(preloadSome, 0);
  }
  function afterPaint() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  function whenHeroPainted() {
    var images = document.querySelectorAll('img[fetchpriority="high"]');
    var left = 0;
    function one() { if (--left === 0) afterPaint(); }
    for (var i = 0; i < images.length; i++) {
      if (images[i].complete) continue;
      left++;
      images[i].addEventListener('load', one);
      images[i].addEventListener('error', one);
    }
    if (left === 0) afterPaint();
    else setTimeout(start, 3000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenHeroPainted);
  else whenHeroPainted();
})();
`;

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const META_DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Puts a rendered page into the built index.html. The page paints without scripts, so the app's
 * module script and preloads are handed to the boot script (BOOT_SCRIPT at `bootUrl`) instead.
 */
export function fillTemplate(template: string, path: string, page: { html: string; title: string; description?: string }, preloads: string[], bootUrl: string): string {
  // The CSP allows no inline script, so a page must arrive complete: no script React would use to
  // reveal a late Suspense boundary, no boundary left pending or failed.
  if (/<script|<!--\$[?!]-->/.test(page.html)) throw new Error(`Prerender of ${path} left a pending boundary or an inline script`);
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`index.html has no empty ${root}`);
  const entry = MODULE_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const modules = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  const allPreloads = [...new Set([...modules, ...preloads])];
  const boot = `<script src="${bootUrl}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(allPreloads.join(' '))}" defer></script>`;
  const { html, style } = hoistEmotionStyles(page.html);
  // A page's own description replaces the app's, which stays on data-default for the page to
  // put back when the visitor moves on (src/app/usePageDescription.ts).
  const described = page.description
    ? template.replace(META_DESCRIPTION, (_meta, app: string) => `<meta name="description" content="${escapeHtml(page.description ?? '')}" data-default="${app}"`)
    : template;
  if (page.description && described === template) throw new Error('index.html has no <meta name="description"> for the page description to replace');
  return described
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${style}${boot}</head>`)
    .replace(root, () => `<div id="root" ${PRERENDERED_PATH_ATTR}="${escapeHtml(path)}">${html}</div>`);
}

/** Adds `<link rel="modulepreload">` tags for `urls` to a page's <head>. */
export function withModulePreloads(html: string, urls: string[]): string {
  const links = urls.map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  /** Page component name (= its module's file name) -> the chunks it needs, entry excluded. */
  const pageChunks = new Map<string, string[]>();
  let bootFile = '';
  let stageFiles: string[] = [];
  return {
    name: 'persona-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      bootFile = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source: BOOT_SCRIPT }));
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** `start` and every chunk it imports statically, short of those in `known`. */
      const closure = (start: string, known: ReadonlySet<string> = new Set()): Set<string> => {
        const found = new Set<string>();
        const visit = (file: string) => {
          if (found.has(file) || known.has(file)) return;
          found.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        visit(start);
        return found;
      };
      // Everything the page's entry loads statically already has a tag in index.html.
      const htmlEntry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('.html'));
      if (!htmlEntry) throw new Error('Prerender: no chunk for index.html');
      const entryImports = closure(htmlEntry.fileName);
      // The start-up stages' chunks (scripts/build/startupChunks.ts), which the entry imports
      // dynamically. The shell, which shows nothing until the app runs, preloads them so they
      // arrive with the entry. A prerendered page is complete without them and leaves them to
      // the entry: preloading them too made its main thread busier while the page was starting
      // (Lighthouse TBT on /pricing, medians of 5: 177 ms without, 192-287 ms with).
      stageFiles = STARTUP_STAGES.flatMap((stage) => chunks.filter((c) => stage.module && c.name === stage.name).map((c) => c.fileName));
      const stageImports = new Set([...entryImports, ...stageFiles.flatMap((file) => [...closure(file)])]);
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId?.match(/\/src\/pages\/(?:site|auth)\/(\w+)\.tsx$/);
        if (match?.[1]) pageChunks.set(match[1], [...closure(chunk.fileName, stageImports)]);
      }
    },
    // Before vite-plugin-pwa's closeBundle, so the service worker precaches the pages written here.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        // A folder per build: Node caches modules by URL, and a query string on the entry alone
        // would give its chunks (which import the entry back) a second copy of every shared module.
        const ssrDir = resolve(config.root, `node_modules/.tmp/prerender-${process.pid}-${Date.now()}`);
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: ENTRY,
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const mod = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as PrerenderModule;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        writeFileSync(join(outDir, SHELL_FILE), withModulePreloads(template, stageFiles.map((file) => base + file)));
        for (const path of mod.PRERENDERED_PATHS) {
          const page = await mod.renderPage(path);
          const chunks = pageChunks.get(page.page);
          if (!chunks) throw new Error(`Prerender: no chunk for page component ${page.page} (${path}); name the component after its file`);
          const file = join(outDir, prerenderedFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, fillTemplate(template, path, page, chunks.map((c) => base + c), base + bootFile));
        }
        rmSync(ssrDir, { recursive: true, force: true });
        config.logger.info(`prerendered ${mod.PRERENDERED_PATHS.length} pages into ${relative(config.root, outDir)}`);
      },
    },
  };
}
