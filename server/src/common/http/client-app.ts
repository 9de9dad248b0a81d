import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';
import { cspNonceOf } from '../security/security-headers';

/** The placeholder Vite writes wherever a CSP nonce belongs (client/vite.config.mts: html.cspNonce). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built React client: hashed assets with long caching, and index.html (with this
 * response's CSP nonce) for every other GET outside /api, so deep links load the app.
 */
export function clientApp(clientDir: string): Router {
  const router = Router();
  const indexPath = join(clientDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path) || /\.[a-z0-9]+$/i.test(req.path)) {
      return next();
    }
    if (!indexHtml) {
      res.status(503).type('text/plain').send('The web client has not been built. Run: npm run build');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(indexHtml.split(CSP_NONCE_PLACEHOLDER).join(cspNonceOf(res)));
  });
  return router;
}

function isApiPath(path: string) {
  return path === '/api' || path.startsWith('/api/');
}
