import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { type CSSInterpolation, serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';

/*
 * Declarations stylis's prefixer adds for browsers the build does not serve (Vite's default target,
 * "baseline widely available": Chrome and Edge 111, Firefox 114, Safari 16.4): the old flexbox syntaxes
 * (-webkit-box, -ms-flexbox and their properties), everything -ms- and -moz-, and -webkit- forms
 * of animation, keyframes, transition, transform and logical padding or margin that those browsers
 * take unprefixed. The build's CSS minifier (Lightning CSS, client/vite.config.mts) drops most of
 * them as well, not all: with this the built sheets are about 9 KB smaller (241.8 -> 232.8 KB raw,
 * 15.1 -> 14.7 KB brotli), parsed on every page. The -webkit- forms Safari still reads (user-select,
 * appearance, background-clip, text-decoration and the like) stay.
 */
const LEGACY_PROPERTY = /(?<=[{;])(?:-ms-|-moz-|-webkit-(?:box-|flex|align-|justify-|animation|transition|transform|translate|padding-|margin-))[a-z-]*:[^;{}]*;/g;
const LEGACY_DISPLAY = /(?<=[{;])display:-(?:webkit-(?:inline-)?(?:box|flex)|ms-(?:inline-)?flexbox|ms-grid);/g;
const LEGACY_KEYFRAMES = /@-webkit-keyframes [\w-]+\{(?:[^{}]*\{[^{}]*\})*\}/g;

/**
 * `css` without the vendor-prefixed declarations only browsers older than the build's target read. A
 * block that clamps lines keeps them all: -webkit-line-clamp works only with display:-webkit-box.
 */
export const withoutLegacyPrefixes = (css: string): string =>
  css
    .replace(/\{[^{}]*\}/g, (block) => (block.includes('-webkit-line-clamp') ? block : block.replace(LEGACY_PROPERTY, '').replace(LEGACY_DISPLAY, '')))
    .replace(LEGACY_KEYFRAMES, '');

/** CSS text of Emotion-style objects, as Emotion's cache writes them (without the legacy prefixes above). */
function cssText(interpolations: CSSInterpolation[], selector?: string): string {
  const { styles } = serializeStyles(interpolations);
  return withoutLegacyPrefixes(serialize(compile(selector ? `${selector}{${styles}}` : styles), middleware([prefixer, stringify])));
}

/**
 * The system's global style sheet as CSS text: the cascade layers' order, the reset, the base
 * styles and every token's CSS variable (light and dark). ChakraProvider would serialize the same
 * styles with Emotion in the browser at start, the costliest part of starting the app on a phone;
 * the build writes them to a static file instead (client/vite.config.mts).
 */
export function globalCssOf(sys: SystemContext): string {
  return cssText([sys.layers.atRule, ...(sys._global as CSSInterpolation[])]);
}

/**
 * One class of a static style sheet, in Chakra's terms: a recipe (or one slot of a slot recipe)
 * with the variants a component would be given, and style props on top.
 */
export interface StaticStyle {
  recipe?: string;
  slotRecipe?: readonly [recipe: string, slot: string];
  variants?: Record<string, string | boolean>;
  css?: SystemStyleObject;
}

/**
 * A style sheet of plain classes, each built by the system the way a Chakra component builds its
 * styles at run time (the recipe's part in the `recipes` cascade layer, style props outside it),
 * so an element carrying the class looks as the component would. Keys are the class names.
 *
 * What classes share is written once, for all of them: a recipe with the same variants (the button
 * recipe's twenty-odd rules, for a dozen buttons) is one set of rules whose selectors list every
 * class given it, and a colour palette (nineteen `--chakra-colors-color-palette-*` variables) one
 * rule for every class that sets it. The sheet is parsed and its rules matched on every page: written
 * once per class, these were more than half of it. For any one class the rules, their conditions and
 * their order are those it would have alone (theme/shell-styles.spec.ts checks it); what moves is the
 * order between classes' rules, which matters only to an element with two classes that set the same
 * property, and the shell gives an element no more than one class with a recipe, and a palette only
 * with a class that sets none.
 */
export function classCssOf(sys: SystemContext, styles: Record<string, StaticStyle>): string {
  const recipes = new Map<string, { recipeCss: SystemStyleObject; names: string[] }>();
  const palettes = new Map<string, string[]>();
  const own: string[] = [];
  for (const [name, style] of Object.entries(styles)) {
    if (style.recipe || style.slotRecipe) {
      const key = JSON.stringify([style.recipe ?? style.slotRecipe, style.variants ?? {}]);
      const shared = recipes.get(key);
      if (shared) shared.names.push(name);
      else {
        const recipeCss = style.recipe
          ? sys.getRecipeFn(style.recipe)(style.variants ?? {})
          : sys.getSlotRecipeFn(style.slotRecipe![0])(style.variants ?? {})[style.slotRecipe![1]];
        recipes.set(key, { recipeCss, names: [name] });
      }
    }
    const { colorPalette, ...rest } = style.css ?? {};
    // A palette that changes with the screen's width or a state stays with the class's own styles.
    const css = typeof colorPalette === 'string' ? rest : (style.css ?? {});
    if (typeof colorPalette === 'string') palettes.set(colorPalette, [...(palettes.get(colorPalette) ?? []), name]);
    if (Object.keys(css).length > 0) own.push(cssText([sys.css(css) as CSSInterpolation], `.${name}`));
  }
  const selector = (names: string[]) => names.map((name) => `.${name}`).join(',');
  return [
    ...[...recipes.values()].map(({ recipeCss, names }) => cssText([sys.css(recipeCss) as CSSInterpolation], selector(names))),
    ...[...palettes].map(([palette, names]) => cssText([sys.css({ colorPalette: palette }) as CSSInterpolation], selector(names))),
    ...own,
  ].join('');
}
