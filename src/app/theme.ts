import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  comboboxSlotRecipe,
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
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Colour palettes that neither our code nor a recipe below names. Each brings 11 tokens and 7 semantic tokens
 * with a dark variant: without them `createSystem`, one task at start-up, does about half the work
 * (docs/first-paint.md). tests/unit/app/theme-palettes.test.ts fails when something starts naming one.
 */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'purple', 'pink']);
const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

/** A semantic token's value: one for every colour mode, or `_light` and `_dark` ones. */
type ModedValue = string | { _light?: string; _dark?: string };

/**
 * Semantic tokens with their light value only. The app has no dark mode (nothing sets Chakra's `dark` class), so
 * the `_dark` values never apply, yet every prerendered page carried their CSS variables (5.4 KB of each page's
 * inline CSS) and `createSystem` built each as a conditional token. tests/unit/app/theme-light-only.test.ts holds
 * the light values to Chakra's; a dark mode would start by removing this.
 */
function lightOnly<T>(group: T): T {
  if (group === null || typeof group !== 'object') return group;
  if ('value' in group) {
    const value = (group as { value: ModedValue }).value;
    return (typeof value === 'object' && value._light !== undefined ? { ...group, value: value._light } : group) as T;
  }
  return Object.fromEntries(Object.entries(group).map(([key, inner]) => [key, lightOnly(inner as unknown)])) as T;
}

/**
 * Chakra's default theme minus the recipes no component here uses: `defaultConfig` carries all ~90 of them
 * (about 114 KB raw in the entry chunk). The keys are the ones each component looks its recipe up by. A
 * component whose recipe is missing renders unstyled, so a new Chakra component needs its recipe added here.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      // Button, IconButton and CloseButton.
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      // The Settings time zone picker.
      combobox: comboboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const brand = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef0ff' },
          100: { value: '#d9ddff' },
          500: { value: '#1A2BB2' },
          600: { value: '#15238f' },
          700: { value: '#101b6d' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.600}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.100}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { margin: 0 },
  },
});

type AppSystem = ReturnType<typeof createSystem>;
let appSystem: AppSystem | undefined;
let hydratingSystem: AppSystem | undefined;

/**
 * The app's design system, built on first use. Building it (`createSystem`: token dictionary, recipes) is one of
 * the longest single pieces of start-up work, so it is not done while the module evaluates: the entry calls this in
 * a task of its own, between loading the page's modules and hydrating (src/app/main.tsx).
 */
export function getAppSystem(): AppSystem {
  appSystem ??= createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), brand);
  return appSystem;
}

/**
 * The system for hydrating a prerendered page. Its reset, global styles and token variables are in the HTML
 * already (`<style data-prerendered-css="css-global …">`, left in place), so ChakraProvider's `<Global>` gets
 * nothing to build or insert; with the build's lazy `_global` (scripts/build/chakra-lazy-global-plugin.ts) the browser
 * never builds that CSS. Client-rendered pages (the dashboard) use the app system itself.
 */
export function getHydratingSystem(): AppSystem {
  hydratingSystem ??= new Proxy(getAppSystem(), {
    get: (target, key, receiver) => (key === '_global' ? [] : Reflect.get(target, key, receiver)),
  });
  return hydratingSystem;
}
