import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** The per-request nonce that lets the client's CSS-in-JS (Emotion) insert its <style> tags. */
export function cspNonceOf(res: Response): string {
  return String(res.locals.cspNonce ?? '');
}

function assignNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/**
 * Security headers on every response. Scripts: our own files only, never inline. Styles: our own
 * files and <style> elements carrying this response's nonce. No third-party origin anywhere.
 * Swagger UI (/api/docs) ships inline styles of its own, so its styles alone may be inline.
 */
export function securityHeaders(options: { https: boolean }) {
  const nonceSource = (_req: unknown, res: unknown) => `'nonce-${cspNonceOf(res as Response)}'`;
  const common = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: options.https ? [] : null,
  };
  const app = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...common, styleSrc: ["'self'", nonceSource], styleSrcAttr: ["'unsafe-inline'"] },
    },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Not 'same-origin': the Google sign-in popup must keep its opener while it visits the provider.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const docs = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...common, styleSrc: ["'self'", "'unsafe-inline'"] },
    },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  return [
    assignNonce,
    (req: Request, res: Response, next: NextFunction) => {
      const isDocs = req.path === '/api/docs' || req.path.startsWith('/api/docs/');
      (isDocs ? docs : app)(req, res, (err?: unknown) => {
        if (err) return next(err);
        res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
        next();
      });
    },
  ];
}
