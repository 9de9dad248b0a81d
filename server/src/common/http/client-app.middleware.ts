import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NextFunction, Request, Response, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { cspNonceOf } from '../security/security-headers.middleware';
import { disallowedPaths, documentTitle, NOT_FOUND_PAGE, SITE_ROUTES, siteRouteFor, sitemapRoutes } from '../../browser-shared/site-routes.catalogue';

/** The placeholder Vite writes wherever a CSP nonce belongs (client/vite.config.mts: html.cspNonce). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface ClientAppOptions {
  /** Where the built client lives (dist/client). */
  clientDir: string;
  /** PUBLIC_URL, without a trailing slash: the sitemap's addresses. */
  publicUrl: string;
}

/**
 * Serves the built React client: hashed assets with long caching (as the brotli or gzip file the
 * build made, when the browser accepts one), robots.txt and the sitemap, and index.html for every
 * other GET outside /api, so deep links load the app. index.html carries this response's CSP
 * nonce and the page's own title and description, with status 404 where the client has no page.
 */
export function clientApp({ clientDir, publicUrl }: ClientAppOptions): Router {
  const router = Router();
  const indexPath = join(clientDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const pages = template ? pageTemplates(template, pagePreloads(clientDir, template)) : undefined;

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(publicUrl));
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(sitemapXml(publicUrl));
  });
  // The file itself is a template: never sent as it is.
  router.get('/index.html', (_req, res) => res.redirect(301, '/'));

  if (existsSync(clientDir)) {
    const precompressed = { enableBrotli: true, orderPreference: ['br'], index: false as const };
    router.use(
      '/assets',
      expressStaticGzip(join(clientDir, 'assets'), {
        ...precompressed,
        serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
      }),
    );
    const clientFiles = expressStaticGzip(clientDir, { ...precompressed, serveStatic: { index: false, maxAge: '1h' } });
    // No API path names a file of the client: looking each one up on disk cost every API GET about 0.1 ms.
    router.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? next() : clientFiles(req, res, next)));
  }

  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    if (!pages) {
      res.status(503).type('text/plain').send('The web client has not been built. Run: npm run build');
      return;
    }
    const known = siteRouteFor(req.path);
    const html = known ? pages.get(known.path)! : pages.get(NOT_FOUND_KEY)!;
    res.status(known ? 200 : 404);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html.split(CSP_NONCE_PLACEHOLDER).join(cspNonceOf(res)));
  });
  return router;
}

const NOT_FOUND_KEY = '*';

/**
 * index.html once per page, with that page's title and description and a preload of the page's own
 * code, which the browser then fetches beside the entry script instead of after it has run (the
 * nonce is added per response).
 */
function pageTemplates(template: string, preloads: (page: string) => string[]): Map<string, string> {
  const pages = new Map<string, string>();
  for (const route of SITE_ROUTES) {
    const meta = { title: documentTitle(route), description: route.description, noindex: route.access !== 'public' };
    pages.set(route.path, withPageMeta(template, { ...meta, preloads: preloads(route.page) }));
  }
  const notFound = { title: documentTitle(NOT_FOUND_PAGE), description: NOT_FOUND_PAGE.description, noindex: true };
  pages.set(NOT_FOUND_KEY, withPageMeta(template, { ...notFound, preloads: preloads(NOT_FOUND_PAGE.page) }));
  return pages;
}

interface PageMeta {
  title: string;
  description: string;
  noindex: boolean;
  /** Script files (relative to the client folder) to preload. */
  preloads: string[];
}

export function withPageMeta(template: string, { title, description, noindex, preloads }: PageMeta): string {
  const robots = noindex ? '\n    <meta name="robots" content="noindex" />' : '';
  const links = preloads.map((file) => `\n    <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join('');
  return template
    .replace(/(\s*)<\/head>/, (_, space: string) => `${links}${space}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />${robots}`,
    );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files each page's code needs beyond what index.html loads already, from the build's
 * .vite/manifest.json (none without one: the pages then load their code as they render).
 */
export function pagePreloads(clientDir: string, template: string): (page: string) => string[] {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const loaded = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  return (page) => {
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || loaded.has(chunk.file) || files.includes(chunk.file)) return;
      files.push(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(`src/pages/${page}.tsx`);
    return files;
  };
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...disallowedPaths().map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = sitemapRoutes().map((route) => `  <url><loc>${escapeHtml(`${publicUrl}${route.path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function isApiPath(path: string) {
  return path === '/api' || path.startsWith('/api/');
}
