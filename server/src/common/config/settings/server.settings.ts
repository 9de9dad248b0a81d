import { LOG_LEVELS } from '../log-level.catalogue';
import { parseTrustProxy } from '../setting.parsers';
import { defineSettings, httpUrl, oneOf, parsedBy, setting, text, trueOrFalse, wholeNumber } from '../setting.schema';
import { z } from 'zod';

/** The HTTP server, its logs and the operators' endpoints (server/src/main.ts, bootstrap.ts, common/). */
export const serverSettings = defineSettings({
  module: 'server',
  title: 'The server',
  settings: {
    NODE_ENV: setting(oneOf(['development', 'production', 'test']), {
      default: 'production',
      doc: 'Runtime mode: development, production or test. Compose always runs production.',
      message: 'NODE_ENV must be one of development, production, test',
    }),
    PORT: setting(wholeNumber(0, 65535), {
      default: '3000',
      doc: 'Port the HTTP server listens on. Inside Compose it is always 3000; publish another with APP_PORT.',
      message: 'PORT must be a whole number between 0 and 65535',
    }),
    HOST: setting(text(), {
      default: '0.0.0.0',
      doc: 'Address the HTTP server binds to. 0.0.0.0 = every interface; 127.0.0.1 = this machine only.',
      message: 'HOST must be an address',
    }),
    PUBLIC_URL: setting(httpUrl(), {
      defaultNote: 'http://localhost:PORT',
      example: 'https://footprint.example.com',
      doc: 'The address people use to reach Footprint (links in emails, redirects, the User-Agent of outside requests). An https:// URL also turns on HSTS. Set it to your real address in production.',
      message: 'PUBLIC_URL must be an http:// or https:// URL',
    }),
    LOG_LEVEL: setting(z.enum(LOG_LEVELS), {
      default: 'info',
      doc: 'Log level: fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on stdout.',
      message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`,
    }),
    CONTACT_EMAIL: setting(z.email(), {
      default: 'privacy@footprint.example',
      doc: "Contact address for privacy questions: the footer's Contact Us, the privacy policy and terms (GET /api/site).",
      message: 'CONTACT_EMAIL must be an email address',
    }),
    TRUST_PROXY: setting(parsedBy(parseTrustProxy), {
      default: 'loopback',
      doc: "Proxies whose X-Forwarded-For header gives the client's address (rate limits per address use it), and whose X-Forwarded-Proto and X-Forwarded-Host give the address the request was sent to (the same-origin check of refresh and logout): a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Behind a reverse proxy on another host or container, add its address (for example loopback,172.18.0.0/16), or every client shares the proxy's limits.",
      message: 'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    }),
    API_DOCS_UI: setting(trueOrFalse(), {
      default: 'true',
      doc: 'false turns the Swagger UI at /api/docs off: /api/docs then redirects to the document at /api/docs-json, which is still served.',
      message: 'API_DOCS_UI must be true or false',
    }),
    INSTANCE_ROLE: setting(oneOf(['all', 'browser-worker']), {
      default: 'all',
      doc: 'all: the web app (API, client, scheduler) and browser work; browser-worker: no HTTP, only loads pages for the rendered website audit of the instances on DATABASE_URL.',
      message: 'INSTANCE_ROLE must be all or browser-worker',
    }),
    OPERATOR_TOKEN: setting(text(32), {
      secret: true,
      doc: 'Bearer token of GET /api/analytics/daily and GET /api/metrics, at least 32 characters (openssl rand -base64 48). Unset: those endpoints answer 404.',
      message: 'OPERATOR_TOKEN must be at least 32 characters long (use 32 or more random bytes)',
    }),
    SHUTDOWN_TIMEOUT_MS: setting(wholeNumber(1_000, 600_000), {
      default: '10000',
      doc: "On SIGTERM: how long requests and scans in flight may take to finish before the forced exit (docs/OPERATIONS.md, Rolling restarts). Keep it below your orchestrator's grace period (Compose's stop_grace_period is 15 s); set it above SCAN_TIMEOUT_MS plus a few seconds if every scan should finish.",
      message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 600000',
    }),
    METRICS_PORT: setting(wholeNumber(1, 65535), {
      doc: 'A port on 127.0.0.1 ONLY (this machine, or a sidecar sharing its network) that serves the metrics at /metrics without a token. Unset: no such port.',
      example: '9464',
      message: 'METRICS_PORT must be a whole number between 1 and 65535',
    }),
  },
});
