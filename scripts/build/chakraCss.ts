// Chakra's global CSS (layer order, preflight, global styles, every token as a CSS variable),
// computed once at build time instead of at every page start. ChakraProvider would serialise,
// hash and insert these ~50 KB of rules on the main thread before the first paint; the page
// imports them as a plain stylesheet instead (virtual:chakra-global.css, see src/main.tsx) and
// src/app/AppProviders.tsx hands Chakra a view of the system without them.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import type { Plugin } from 'vite';
import { UNUSED_PALETTES } from '../../src/theme/unusedPalettes';

export const CHAKRA_CSS_ID = 'virtual:chakra-global.css';
const RESOLVED_ID = `\0${CHAKRA_CSS_ID}`;

/** The parts of a Chakra system this needs (SystemContext's layers and global styles). */
export interface ChakraGlobalSource {
  _config: { disableLayers?: boolean };
  layers: { atRule: unknown };
  _global: unknown[];
}

/** The CSS ChakraProvider's two <Global> elements would insert, as emotion would write it. */
export function chakraGlobalCss(system: ChakraGlobalSource): string {
  const parts = [...(system._config.disableLayers ? [] : [system.layers.atRule]), system._global];
  return parts
    .map((styles) => serialize(compile(serializeStyles([styles as never]).styles), middleware([prefixer, stringify])))
    .join('\n');
}

/** Serves `virtual:chakra-global.css`, built from src/theme/system.ts in Node. */
export function chakraGlobalCssPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'persona-chakra-global-css',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === CHAKRA_CSS_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const systemFile = resolve(root, 'src/theme/system.ts');
      this.addWatchFile(systemFile);
      // tsx loads the theme module as TypeScript (each call in a fresh namespace, so edits show in dev).
      const { tsImport } = await import('tsx/esm/api');
      const { getSystem } = (await tsImport(pathToFileURL(systemFile).href, import.meta.url)) as {
        getSystem: () => ChakraGlobalSource;
      };
      return chakraGlobalCss(getSystem());
    },
  };
}

const CHAKRA_SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const GLOBAL_CSS_LINE = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const PREFLIGHT_IMPORT = "import { createPreflight } from './preflight.js';";
const PREFLIGHT_STUB =
  "const createPreflight = () => { throw new Error('Chakra\\'s reset is built at build time (scripts/build/chakraCss.ts)'); };";

/**
 * The browser build's counterpart of the stylesheet above: createSystem need not compute the
 * global CSS at every page start (css() over every token variable, the reset and the global
 * styles: a third of its time), since ChakraProvider gets a system without it (AppProviders).
 * The reset's own module (~1 KB gzip) is left out too: getPreflightCss() throws in the browser,
 * the other methods stay for anyone who calls them. The build stops if Chakra's code no longer
 * has these lines, so an upgrade cannot silently undo this.
 */
export function chakraSkipRuntimeGlobalCss(): Plugin {
  return {
    name: 'persona-chakra-skip-runtime-global-css',
    apply: 'build',
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id) || this.environment?.config.consumer === 'server') return undefined;
      for (const line of [GLOBAL_CSS_LINE, PREFLIGHT_IMPORT]) {
        if (!code.includes(line)) this.error(`Chakra's createSystem changed: "${line}" not found in ${id}`);
      }
      return { code: code.replace(GLOBAL_CSS_LINE, 'const _global = [];').replace(PREFLIGHT_IMPORT, PREFLIGHT_STUB), map: null };
    },
  };
}

const CHAKRA_COLOR_MODULES = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](tokens|semantic-tokens)[\\/]colors\.js$/;

/**
 * Leaves the palettes the theme drops (src/theme/unusedPalettes.ts) out of the bundle: the theme
 * filters them out at start-up, but their data (a third of Chakra's colour modules) would still be
 * downloaded. Each palette is a top-level block `  name: {` ... `  },` in both modules; the build
 * stops if one is missing, so a Chakra upgrade cannot silently change what is removed.
 */
export function chakraDropUnusedPalettes(): Plugin {
  return {
    name: 'persona-chakra-drop-unused-palettes',
    apply: 'build',
    transform(code, id) {
      if (!CHAKRA_COLOR_MODULES.test(id)) return undefined;
      let out = code;
      for (const palette of UNUSED_PALETTES) {
        const block = new RegExp(`\\n  ${palette}: \\{\\n(?:    .*\\n)*?  \\},?(?=\\n)`);
        if (!block.test(out)) this.error(`Chakra's colour module changed: no "${palette}" palette block in ${id}`);
        out = out.replace(block, '');
      }
      return { code: out, map: null };
    },
  };
}
