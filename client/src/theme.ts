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
  },
  globalCss: { html: { scrollBehavior: 'smooth' } },
});

export const system = createSystem(defaultConfig, config);
