import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app.config';

/** The per-request nonce that lets the client's CSS-in-JS (Emotion) insert its <style> tags. */
export function cspNonceOf(res: Response): string {
  return String(res.locals.cspNonce ?? '');
}

function assignNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/** The origins Stripe.js needs: its script (and its card frames), and the API it calls. */
export interface StripeOrigins {
  script: string;
  frames: string[];
  api: string;
}

/**
 * Stripe's origins when card payments are configured, else undefined. 3-D Secure challenges open
 * in frames from hooks.stripe.com when the real Stripe.js is used.
 */
export function stripeOrigins(config: AppConfig): StripeOrigins | undefined {
  if (!config.stripe.keys) return undefined;
  const script = new URL(config.stripe.jsUrl).origin;
  const frames = script === 'https://js.stripe.com' ? [script, 'https://hooks.stripe.com'] : [script];
  return { script, frames, api: new URL(config.stripe.apiUrl).origin };
}

/**
 * Security headers on every response. Scripts: our own files only, never inline. Styles: our own
 * files and <style> elements carrying this response's nonce. No third-party origin anywhere, except
 * Stripe's when payments are configured: only the pricing page loads Stripe.js, but navigating
 * inside the app keeps the first document's CSP, so every page must allow it while configured.
 * Swagger UI (/api/docs) ships inline styles of its own, so its styles alone may be inline.
 */
export function securityHeaders(options: { https: boolean; stripe?: StripeOrigins }) {
  const nonceSource = (_req: unknown, res: unknown) => `'nonce-${cspNonceOf(res as Response)}'`;
  const stripe = options.stripe;
  const common = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? [stripe.script] : [])],
    scriptSrcAttr: ["'none'"],
    frameSrc: ["'self'", ...(stripe ? stripe.frames : [])],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(stripe ? [stripe.api] : [])],
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
