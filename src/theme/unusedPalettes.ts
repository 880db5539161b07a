/**
 * Chakra's colour palettes nothing here uses: each is ~20 tokens and semantic tokens that
 * createSystem would process at every page start. Kept: gray, red, orange, green and blue
 * (Chakra's bg/fg/border status colours are built from them). The theme drops them
 * (src/theme/system.ts) and the browser build leaves their data out of the bundle
 * (scripts/build/chakraCss.ts).
 */
export const UNUSED_PALETTES: readonly string[] = ['yellow', 'teal', 'cyan', 'purple', 'pink'];
