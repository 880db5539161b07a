// The Chakra system registers only the recipes the app uses (src/theme/system.ts). A component
// whose recipe is missing renders unstyled without any error, so this test reads every import
// from '@chakra-ui/react' under src/ and checks each component's recipes are registered.
import { recipes as defaultRecipes, slotRecipes as defaultSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { getSystem, recipes, slotRecipes } from '../../src/theme/system';

// Every source file under src/, as text (Vite's glob import; the app tsconfig has no Node types).
const SOURCES = import.meta.glob<string>(['../../src/**/*.ts', '../../src/**/*.tsx'], { query: '?raw', import: 'default', eager: true });

/**
 * Chakra export -> the recipe keys it renders with (recipe or slot recipe; [] for none).
 * A component missing here fails the test: look up its recipe key in
 * node_modules/@chakra-ui/react/dist/esm/components/<name>/ (useRecipe / createRecipeContext /
 * createSlotRecipeContext `key`), add it here and register the recipe in src/theme/system.ts.
 */
const RECIPES_OF: Record<string, readonly string[]> = {
  // Layout and primitives: no recipe.
  AbsoluteCenter: [],
  AspectRatio: [],
  Bleed: [],
  Box: [],
  Center: [],
  chakra: [],
  // Makes a component from a recipe key (src/app/ui/TextInput.tsx: the 'input' recipe, which Input also needs).
  createRecipeContext: [],
  ChakraProvider: [],
  Circle: [],
  ClientOnly: [],
  Em: [],
  Flex: [],
  Float: [],
  For: [],
  Grid: [],
  GridItem: [],
  Group: [],
  HStack: [],
  Image: [],
  InputElement: [],
  LinkBox: [],
  LinkOverlay: [],
  Portal: [],
  Presence: [],
  Show: [],
  SimpleGrid: [],
  Spacer: [],
  Span: [],
  Square: [],
  Stack: [],
  Sticky: [],
  Strong: [],
  Text: [],
  VisuallyHidden: [],
  VStack: [],
  Wrap: [],
  WrapItem: [],
  // Functions and hooks.
  createSystem: [],
  defaultBaseConfig: [],
  defaultConfig: [],
  defineConfig: [],
  defineRecipe: [],
  defineSlotRecipe: [],
  defineStyle: [],
  mergeConfigs: [],
  useBreakpointValue: [],
  useChakraContext: [],
  useDisclosure: [],
  useRecipe: [],
  useSlotRecipe: [],
  useToken: [],
  // Recipes.
  Badge: ['badge'],
  Button: ['button'],
  CloseButton: ['button'],
  Code: ['code'],
  Container: ['container'],
  Heading: ['heading'],
  Icon: ['icon'],
  IconButton: ['button'],
  Input: ['input'],
  InputAddon: ['inputAddon'],
  InputGroup: ['inputAddon'],
  Kbd: ['kbd'],
  Link: ['link'],
  Mark: ['mark'],
  Separator: ['separator'],
  Skeleton: ['skeleton'],
  Spinner: ['spinner'],
  Textarea: ['textarea'],
  // Slot recipes.
  Accordion: ['accordion'],
  Alert: ['alert'],
  Avatar: ['avatar'],
  Blockquote: ['blockquote'],
  Breadcrumb: ['breadcrumb'],
  Card: ['card'],
  Checkbox: ['checkbox', 'checkmark'],
  Collapsible: ['collapsible'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  Field: ['field'],
  Fieldset: ['fieldset'],
  List: ['list'],
  Menu: ['menu'],
  NativeSelect: ['nativeSelect'],
  NumberInput: ['numberInput'],
  PinInput: ['pinInput'],
  Popover: ['popover'],
  Progress: ['progress'],
  RadioGroup: ['radioGroup', 'radiomark'],
  Select: ['select'],
  Slider: ['slider'],
  Stat: ['stat'],
  Switch: ['switch'],
  Table: ['table'],
  Tabs: ['tabs'],
  Tag: ['tag'],
  Toaster: ['toast'],
  Tooltip: ['tooltip'],
};

/** Every value (not type-only) imported from '@chakra-ui/react' or its component subpaths, with the files importing it. */
function chakraImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const importRe = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react(?:\/([\w-]+))?['"]/g;
  for (const [path, source] of Object.entries(SOURCES)) {
    const file = path.replace('../../src/', 'src/');
    expect(source, `${file}: use named imports from @chakra-ui/react`).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s*['"]@chakra-ui\/react/);
    for (const match of source.matchAll(importRe)) {
      if (match[1]) continue;
      const subpath = match[3];
      if (subpath === 'theme' || subpath === 'styled-system' || subpath === 'preset-base') continue;
      for (const raw of match[2].split(',')) {
        const item = raw.trim();
        if (!item || item.startsWith('type ')) continue;
        const name = item.split(/\s+as\s+/)[0].trim();
        used.set(name, [...(used.get(name) ?? []), file]);
      }
    }
  }
  return used;
}

describe('Chakra recipes', () => {
  const used = chakraImports();

  it('finds the Chakra imports under src/', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    expect(used.has('Box')).toBe(true);
    expect(used.has('Button')).toBe(true);
  });

  it('knows the recipes of every Chakra component imported under src/', () => {
    const unknown = [...used.keys()].filter((name) => !(name in RECIPES_OF)).map((name) => `${name} (${used.get(name)!.join(', ')})`);
    expect(unknown, 'add these to RECIPES_OF in tests/unit/chakraRecipes.test.ts').toEqual([]);
  });

  it('registers the recipe of every Chakra component imported under src/', () => {
    const missing: string[] = [];
    for (const [name, files] of used) {
      for (const key of RECIPES_OF[name] ?? []) {
        if (!getSystem().isRecipe(key) && !getSystem().isSlotRecipe(key)) missing.push(`${key} (for ${name} in ${files.join(', ')})`);
      }
    }
    expect(missing, 'register these recipes in src/theme/system.ts').toEqual([]);
  });

  it('registers no recipe that no imported component uses', () => {
    const needed = new Set([...used.keys()].flatMap((name) => RECIPES_OF[name] ?? []));
    const registered = [...Object.keys(recipes), ...Object.keys(slotRecipes)];
    expect(registered.filter((key) => !needed.has(key))).toEqual([]);
  });

  it('registers Chakra\'s own default recipes, unchanged', () => {
    for (const [key, recipe] of Object.entries(recipes)) expect(recipe).toBe(defaultRecipes[key as keyof typeof defaultRecipes]);
    for (const [key, recipe] of Object.entries(slotRecipes)) expect(recipe).toBe(defaultSlotRecipes[key as keyof typeof defaultSlotRecipes]);
  });

  it('maps components to recipe keys that exist in Chakra', () => {
    const known = new Set([...Object.keys(defaultRecipes), ...Object.keys(defaultSlotRecipes)]);
    const bad = Object.entries(RECIPES_OF).flatMap(([name, keys]) => keys.filter((key) => !known.has(key)).map((key) => `${name}: ${key}`));
    expect(bad).toEqual([]);
  });
});
