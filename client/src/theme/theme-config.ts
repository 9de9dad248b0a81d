import { defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** Chakra's palettes the app never uses. */
const OTHER_PALETTES = ['teal', 'pink', 'cyan'];
const without = <T extends object>(values: T, keys: string[]): T =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key))) as T;

/**
 * The recipes of the components the app uses: Chakra's default config carries about eighty, whose
 * definitions would all be in the first download and processed at start. A component whose recipe
 * is missing renders unstyled, so the client tests fail on any recipe asked for and not listed
 * (test-setup.ts).
 */
export const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
};
export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
};

// Chakra's default theme (@chakra-ui/react/theme), trimmed to what is used.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: without(tokens.colors, OTHER_PALETTES) },
    semanticTokens: { ...semanticTokens, colors: without(semanticTokens.colors, OTHER_PALETTES) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: RECIPES,
    slotRecipes: SLOT_RECIPES,
  },
});

const footprint = defineConfig({
  theme: {
    tokens: {
      // System fonts only: the product's pages load nothing from third parties.
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    // A darker solid blue, so white text keeps at least 4.5:1 contrast even in the hover state
    // (solid buttons fade their background to 90% on hover).
    semanticTokens: {
      colors: {
        blue: { solid: { value: '{colors.blue.700}' } },
        // The soft wash at the top of the landing and marketing pages.
        bg: { hero: { value: { base: '{colors.blue.50}', _dark: '{colors.blue.950}' } } },
      },
    },
  },
  globalCss: { html: { scrollBehavior: 'smooth' } },
});


/** Footprint's Chakra config: the base (conditions, utilities), the trimmed default theme, our own. */
export const themeConfig = mergeConfigs(defaultBaseConfig, chakraTheme, footprint);
