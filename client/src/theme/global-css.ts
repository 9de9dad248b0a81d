import type { SystemContext } from '@chakra-ui/react';
import { type CSSInterpolation, serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';

/**
 * The system's global style sheet as CSS text: the cascade layers' order, the reset, the base
 * styles and every token's CSS variable (light and dark). ChakraProvider would serialize the same
 * styles with Emotion in the browser at start, the costliest part of starting the app on a phone;
 * the build writes them to a static file instead (client/vite.config.mts).
 */
export function globalCssOf(sys: SystemContext): string {
  const { styles } = serializeStyles([sys.layers.atRule, ...(sys._global as CSSInterpolation[])]);
  return serialize(compile(styles), middleware([prefixer, stringify]));
}
