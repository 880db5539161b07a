// The one Chakra system for the app: dark studio look, one gradient accent, visible focus rings.
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { brand, gradients, ink, line, surface } from './palette';
import { UNUSED_PALETTES } from './unusedPalettes';

/**
 * Chakra's default theme without the recipes of components the app does not use: the full set
 * (~60 slot recipes) costs ~25 KB gzip and its processing at start-up. A component whose recipe
 * is missing renders unstyled, so tests/unit/chakraRecipes.test.ts fails when a component is
 * imported under src/ without its recipe here.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  switch: switchSlotRecipe,
};

/** Chakra's colour tokens without the palettes nothing here uses (see unusedPalettes.ts). */
const unused = new Set(UNUSED_PALETTES);
const usedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !unused.has(name))) as T;

/**
 * The app is always dark (<html class="dark">): each semantic token keeps only its dark value, so
 * createSystem builds one set of variables instead of a light set, a dark set and the conditions
 * between them.
 */
type TokenTree = { [key: string]: unknown };
function darkOnly<T extends TokenTree>(tree: T): T {
  const visit = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const { value } = node as { value?: unknown };
    if (value === undefined) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    return value && typeof value === 'object' && '_dark' in value ? { ...node, value: value._dark } : node;
  };
  return visit(tree) as T;
}

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedPalettes(tokens.colors) },
    semanticTokens: darkOnly({ ...semanticTokens, colors: usedPalettes(semanticTokens.colors) }),
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const fontStack =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

// The app is always dark (<html class="dark">): a semantic token holds its one, dark, value.
const same = (value: string) => ({ value });

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand', bg: 'bg', color: 'fg', scrollBehavior: 'smooth' },
    body: { bg: 'bg', color: 'fg', minHeight: '100dvh' },
    '::selection': { bg: 'brand.700', color: 'white' },
    // Visible keyboard focus everywhere, including plain router links.
    'a:focus-visible, button:focus-visible, [tabindex]:focus-visible, summary:focus-visible': {
      outline: '2px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
      borderRadius: 'l2',
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: Object.fromEntries(Object.entries(brand).map(([k, v]) => [k, { value: v }])),
      },
      gradients: {
        accent: { value: gradients.accent },
        accentLabel: { value: gradients.accentLabel },
        accentLabelHover: { value: gradients.accentLabelHover },
        glow: { value: gradients.glow },
      },
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: same(surface.canvas),
          subtle: same(surface.raised),
          panel: same(surface.panel),
          muted: same(surface.muted),
          emphasized: same(surface.emphasized),
        },
        fg: { DEFAULT: same(ink.DEFAULT), muted: same(ink.muted), subtle: same(ink.subtle) },
        border: { DEFAULT: same(line.DEFAULT), muted: same(line.muted), emphasized: same(line.emphasized) },
        brand: {
          solid: same(brand[500]),
          contrast: same('#FFFFFF'),
          fg: same(brand[300]),
          muted: same(brand[900]),
          subtle: same(brand[950]),
          emphasized: same(brand[800]),
          focusRing: same(brand[300]),
        },
      },
    },
  },
});

let created: SystemContext | undefined;

/**
 * The system, made on first use: building it (every token, condition and utility) is the
 * biggest piece of work at start-up, so main.tsx does it in a task of its own rather than while
 * the scripts evaluate.
 */
export function getSystem(): SystemContext {
  created ??= createSystem(defaultBaseConfig, themeConfig, config);
  return created;
}
