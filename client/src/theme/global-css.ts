import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { type CSSInterpolation, serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';

/** CSS text of Emotion-style objects, as Emotion's cache writes them (vendor prefixes included). */
function cssText(interpolations: CSSInterpolation[], selector?: string): string {
  const { styles } = serializeStyles(interpolations);
  return serialize(compile(selector ? `${selector}{${styles}}` : styles), middleware([prefixer, stringify]));
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
 */
export function classCssOf(sys: SystemContext, styles: Record<string, StaticStyle>): string {
  return Object.entries(styles)
    .map(([name, style]) => {
      const recipeCss = style.recipe
        ? sys.getRecipeFn(style.recipe)(style.variants ?? {})
        : style.slotRecipe
          ? sys.getSlotRecipeFn(style.slotRecipe[0])(style.variants ?? {})[style.slotRecipe[1]]
          : {};
      return cssText([sys.css(recipeCss, style.css ?? {}) as CSSInterpolation], `.${name}`);
    })
    .join('');
}
