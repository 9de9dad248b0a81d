import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  // Isomorphic code shared with the server (input rules, the metadata stripper): server/src/browser-shared.
  resolve: { alias: { '@browser-shared': fileURLToPath(new URL('../server/src/browser-shared', import.meta.url)) } },
  // The server replaces this placeholder with a fresh nonce per response (server/src/common/http/client-app.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
