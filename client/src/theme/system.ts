import { createSystem, type SystemContext } from '@chakra-ui/react';
import { themeConfig } from './theme-config';

let created: SystemContext | undefined;

/**
 * The Chakra system every component styles itself with, created on first use: in the browser when
 * Chakra's runtime loads (chakra-root.tsx), at build time for the static style sheets.
 */
export function appSystem(): SystemContext {
  created ??= createSystem(themeConfig);
  return created;
}

/**
 * The system as the browser app uses it: its global styles (reset, base styles and the token
 * variables, a large style sheet) come from the static file the build writes
 * (theme/global-css.ts, client/vite.config.mts) instead of being serialized by Emotion at start.
 */
export function withStaticGlobalCss(sys: SystemContext): SystemContext {
  return { ...sys, _global: [] };
}
