import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Style sheets built from the app's Chakra theme at build time (client/src/theme/global-stylesheet.ts),
 * imported by main.tsx, so the browser does not build them at start:
 * - `virtual:chakra-global.css`: the Chakra system's global styles (reset, base styles, token variables);
 * - `virtual:chakra-shell.css`: the classes of the parts drawn without Chakra's runtime (the header,
 *   the footer, the landing page; client/src/theme/shell-styles.ts).
 */
function chakraStaticCss(): Plugin {
  const sheets: Record<string, 'globalStylesheet' | 'shellStylesheet'> = {
    'virtual:chakra-global.css': 'globalStylesheet',
    'virtual:chakra-shell.css': 'shellStylesheet',
  };
  return {
    name: 'footprint:chakra-static-css',
    resolveId: (source) => (Object.hasOwn(sheets, source) ? `\0${source}` : undefined),
    async load(loading) {
      const id = loading.slice(1);
      if (!loading.startsWith('\0') || !Object.hasOwn(sheets, id)) return undefined;
      const { module } = await runnerImport<typeof import('./src/theme/global-stylesheet')>(
        fileURLToPath(new URL('./src/theme/global-stylesheet.ts', import.meta.url)),
      );
      return module[sheets[id]]();
    },
  };
}

/** Chakra's runtime: Emotion, the styling engine and the theme (client/src/theme, chakra-root.tsx). */
const CHAKRA_RUNTIME =
  /[\\/]node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](?!components[\\/])|@emotion[\\/]|@pandacss[\\/]|stylis[\\/]|hoist-non-react-statics[\\/]|react-is[\\/])|[\\/]client[\\/]src[\\/]theme[\\/]/;
/** Chakra's plain components (layout, text, buttons, cards: no Ark UI state machine behind them). */
const CHAKRA_PLAIN_COMPONENTS =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](absolute-center|alert|badge|box|button|card|center|circle|code|container|flex|grid|heading|icon|link|list|loader|separator|simple-grid|skeleton|span|spinner|square|stack|stat|tag|text|visually-hidden)[\\/]/;

export default defineConfig({
  root,
  plugins: [
    react(),
    chakraStaticCss(),
    // Brotli and gzip copies of every script, style sheet and SVG, served as they are by the server
    // (server/src/common/http/client-app.middleware.ts). index.html is left out: it is templated per response.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|txt)$/, threshold: 1024, logLevel: 'silent' }),
  ],
  // Isomorphic code shared with the server (input rules, the metadata stripper): server/src/browser-shared.
  resolve: { alias: { '@browser-shared': fileURLToPath(new URL('../server/src/browser-shared', import.meta.url)) } },
  // The server replaces this placeholder with a fresh nonce per response (server/src/common/http/client-app.middleware.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which files each page's code needs, so the server can preload them.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the first page needs, in one file instead of thirty small ones (each request costs a round trip).
            { name: 'initial', tags: ['$initial'], priority: 4 },
            // Chakra's runtime and its plain components, which every page but the landing page needs, in
            // one file that the page's code imports, so the page's HTML preloads it.
            { name: 'chakra', test: (id) => CHAKRA_RUNTIME.test(id) || CHAKRA_PLAIN_COMPONENTS.test(id), priority: 2 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
