import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * `import 'virtual:chakra-global.css'` (main.tsx): the Chakra system's global styles as a static
 * style sheet, built from the same theme the app uses, so the browser does not build them at start.
 */
function chakraGlobalCss(): Plugin {
  const id = 'virtual:chakra-global.css';
  const resolved = `\0${id}`;
  return {
    name: 'footprint:chakra-global-css',
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(loading) {
      if (loading !== resolved) return undefined;
      const { module } = await runnerImport<typeof import('./src/theme/global-stylesheet')>(
        fileURLToPath(new URL('./src/theme/global-stylesheet.ts', import.meta.url)),
      );
      return module.globalStylesheet();
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    chakraGlobalCss(),
    // Brotli and gzip copies of every script, style sheet and SVG, served as they are by the server
    // (server/src/common/http/client-app.ts). index.html is left out: it is templated per response.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|txt)$/, threshold: 1024, logLevel: 'silent' }),
  ],
  // Isomorphic code shared with the server (input rules, the metadata stripper): server/src/browser-shared.
  resolve: { alias: { '@browser-shared': fileURLToPath(new URL('../server/src/browser-shared', import.meta.url)) } },
  // The server replaces this placeholder with a fresh nonce per response (server/src/common/http/client-app.ts).
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
          // What the first page needs, in one file instead of thirty small ones (each request costs a round trip).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
