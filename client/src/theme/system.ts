import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// System fonts only: the product's pages load nothing from third parties.
const config = defineConfig({
  theme: {
    tokens: {
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
      },
    },
  },
  globalCss: { html: { scrollBehavior: 'smooth' } },
});

export const system = createSystem(defaultConfig, config);
