// The one Chakra system for the app: dark studio look, one gradient accent, visible focus rings.
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputAddonRecipe,
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

/**
 * Chakra's default theme without the recipes of components the app does not use: the full set
 * (~60 slot recipes) costs ~25 KB gzip and its processing at start-up. A component whose recipe
 * is missing renders unstyled, so tests/unit/chakraRecipes.test.ts fails when a component is
 * imported under src/ without its recipe here.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  switch: switchSlotRecipe,
};

/**
 * Chakra's colour palettes minus the five nothing here uses: each palette is ~20 tokens and
 * semantic tokens that createSystem processes at every page start. Kept: gray, red, orange,
 * green and blue (Chakra's bg/fg/border status colours are built from them).
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);
const usedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: usedPalettes(semanticTokens.colors) },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const fontStack =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

// The app is always dark: <html class="dark">, and the semantic tokens hold dark values either way.
const same = (value: string) => ({ value: { _light: value, _dark: value } });

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
        accentHover: { value: gradients.accentHover },
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
  created ??= createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);
  return created;
}
