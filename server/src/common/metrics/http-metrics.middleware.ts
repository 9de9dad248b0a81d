import type { NextFunction, Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/**
 * The route a request matched, as a template (`/api/scans/:id`), so that ids and inputs never become
 * label values: '(client)' for the web client's pages and files, '(unmatched)' for an /api path no
 * route has. Read when the response finishes, after Express routed it.
 */
export function routeTemplateOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  // A catch-all (Nest's own answers 404 to unknown paths below the API prefix) is no route.
  if (route && typeof route.path === 'string' && !/^\/?\{?\*/.test(route.path)) return `${req.baseUrl}${route.path}`;
  const path = req.originalUrl.split('?')[0];
  return path === '/api' || path.startsWith('/api/') ? '(unmatched)' : '(client)';
}

/** HTTP request durations by method, route template and status code. */
export function httpMetrics(metrics: MetricsService) {
  const duration = metrics.histogram(
    'http_request_duration_seconds',
    'Time from a request arriving to its response being sent, by method, route template and status code.',
    ['method', 'route', 'status'] as const,
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const end = duration.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeTemplateOf(req), status: String(res.statusCode) }));
    next();
  };
}
