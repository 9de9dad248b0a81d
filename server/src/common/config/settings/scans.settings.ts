import { z } from 'zod';
import { parseDnsServers, parseRateLimits } from '../setting.parsers';
import { defineSettings, httpUrl, parsedBy, setting, text, trueOrFalse, wholeNumber } from '../setting.schema';

/** The value of USERNAME_SITE_LIST_URL that turns the configured list off. */
export const SITE_LIST_OFF = 'off';

/** The privacy scans and the outside services they ask (scans/). */
export const scansSettings = defineSettings({
  module: 'scans',
  title: 'Privacy scans and their outside services',
  intro:
    'Every service that receives personal data is listed, with what it receives, on the privacy page and in docs/OPERATIONS.md "Outside services"; each can be turned off here. Every base URL can point at a mirror or a test fake.',
  settings: {
    HIBP_API_KEY: setting(text(), {
      secret: true,
      doc: 'Have I Been Pwned API v3 key (https://haveibeenpwned.com/API/Key). Without one HIBP is not asked about addresses (the breach check runs with XposedOrNot alone and says so); its breach catalogue needs none. The same key asks pasteaccount for the verified owner of an address and searches watched domains verified on its HIBP dashboard.',
      message: 'HIBP_API_KEY must not be empty',
    }),
    HIBP_API_URL: setting(httpUrl(), {
      default: 'https://haveibeenpwned.com/api/v3',
      doc: "Have I Been Pwned's API.",
      message: 'HIBP_API_URL must be an http:// or https:// URL, such as https://haveibeenpwned.com/api/v3',
    }),
    // HIBP's smallest paid plan (Pwned 1) allows 10 breach searches a minute.
    HIBP_RATE_LIMITS: setting(parsedBy(parseRateLimits), {
      default: '10/minute',
      doc: 'What your HIBP plan allows (comma-separated N/second|minute|hour|day); one queue across every instance.',
      message: 'HIBP_RATE_LIMITS must be comma-separated limits such as 10/minute or 1/second,25/hour',
    }),
    XPOSEDORNOT_ENABLED: setting(trueOrFalse(), {
      default: 'true',
      doc: "XposedOrNot's free API (no key): an email's breaches and pastes, and its breach catalogue. Its terms ask for attribution and say commercial use of its data needs a licence from XposedOrNot.",
      message: 'XPOSEDORNOT_ENABLED must be true or false',
    }),
    XPOSEDORNOT_API_URL: setting(httpUrl(), {
      default: 'https://api.xposedornot.com/v1',
      doc: "XposedOrNot's API.",
      message: 'XPOSEDORNOT_API_URL must be an http:// or https:// URL, such as https://api.xposedornot.com/v1',
    }),
    // Its documentation says 2 requests a second per IP; its server also counts 25 an hour and 100
    // a day per IP and route. One a second leaves room for the time a request takes on the way.
    XPOSEDORNOT_RATE_LIMITS: setting(parsedBy(parseRateLimits), {
      default: '1/second,25/hour,100/day',
      doc: "XposedOrNot's published limits, kept by one queue across every instance.",
      message: 'XPOSEDORNOT_RATE_LIMITS must be comma-separated limits such as 1/second,25/hour,100/day',
    }),
    BREACH_CACHE_TTL_SECONDS: setting(wholeNumber(0, 7 * 86_400), {
      default: '3600',
      doc: "How long a breach source's answer about an address is reused by scans and monitors (seconds; 0: never). Kept under a keyed hash of the address, encrypted, and deleted with the account that used it.",
      message: 'BREACH_CACHE_TTL_SECONDS must be a whole number of seconds (0 turns the cache off)',
    }),
    PWNED_PASSWORDS_ENABLED: setting(trueOrFalse(), {
      default: 'true',
      doc: "Pwned Passwords range API (k-anonymity; no key): receives 5 characters of a password's SHA-1.",
      message: 'PWNED_PASSWORDS_ENABLED must be true or false',
    }),
    PWNED_PASSWORDS_URL: setting(httpUrl(), {
      default: 'https://api.pwnedpasswords.com',
      doc: 'The Pwned Passwords API.',
      message: 'PWNED_PASSWORDS_URL must be an http:// or https:// URL, such as https://api.pwnedpasswords.com',
    }),
    GRAVATAR_ENABLED: setting(trueOrFalse(), {
      default: 'true',
      doc: 'Gravatar REST API v3 (public profiles; receives the SHA-256 of the address).',
      message: 'GRAVATAR_ENABLED must be true or false',
    }),
    GRAVATAR_API_URL: setting(httpUrl(), {
      default: 'https://api.gravatar.com/v3',
      doc: "Gravatar's API.",
      message: 'GRAVATAR_API_URL must be an http:// or https:// URL, such as https://api.gravatar.com/v3',
    }),
    GRAVATAR_API_KEY: setting(text(), {
      secret: true,
      doc: "Raises Gravatar's rate limit; optional.",
      message: 'GRAVATAR_API_KEY must not be empty',
    }),
    EMAIL_DNS_ENABLED: setting(trueOrFalse(), {
      default: 'true',
      doc: "The email MX/SPF/DMARC checks (the resolvers receive the address's domain).",
      message: 'EMAIL_DNS_ENABLED must be true or false',
    }),
    DNS_SERVERS: setting(parsedBy(parseDnsServers), {
      example: '1.1.1.1,[2606:4700::1111]:53',
      doc: "Resolvers for the email DNS checks (comma-separated ip[:port]); unset: the system's.",
      message: 'DNS_SERVERS must be a comma-separated list of IP addresses, each optionally with a port: 1.1.1.1,[2606:4700::1111]:53',
    }),
    SCAN_CHECK_TIMEOUT_MS: setting(wholeNumber(100, 120_000), {
      default: '8000',
      doc: "Each check's time limit, in milliseconds.",
      message: 'SCAN_CHECK_TIMEOUT_MS must be a whole number of milliseconds',
    }),
    SCAN_TIMEOUT_MS: setting(wholeNumber(100, 300_000), {
      default: '15000',
      doc: "The whole scan's time limit: checks still running then are reported as timed out.",
      message: 'SCAN_TIMEOUT_MS must be a whole number of milliseconds',
    }),
    VISITOR_SCANS_PER_HOUR: setting(wholeNumber(0, 1_000_000), {
      default: '10',
      doc: 'Scans one visitor (no account) may run per hour from one IP address.',
      message: 'VISITOR_SCANS_PER_HOUR must be a whole number',
    }),
    SCAN_CONCURRENCY: setting(wholeNumber(1, 1_000), {
      default: '32',
      doc: 'Privacy scans this instance runs at once; a few more wait for a turn, beyond that a scan answers 503 (no quota used).',
      message: 'SCAN_CONCURRENCY must be a whole number between 1 and 1000',
    }),
    TRACKER_FILTER_LIST_URL: setting(httpUrl(), {
      doc: "A filter list (hosts or adblock syntax) that extends Footprint's own tracker catalogue at start; check its licence allows your use. Unset: the built-in catalogue alone.",
      message: 'TRACKER_FILTER_LIST_URL must be an http:// or https:// URL',
    }),
    TRACKER_LIST_URL: setting(z.literal(SITE_LIST_OFF).or(httpUrl()), {
      default: 'https://cdn.jsdelivr.net/npm/third-party-web/dist/entities.json',
      doc: "A tracker list in third-party-web's entities format, downloaded at run time, cached in the database and refreshed daily: it names the tracker domains and the companies behind them, Footprint's own catalogue answering for what it lacks (session recorders, pixels, cookie names). The default is third-party-web's published list (MIT, credited in every website result that uses it); while it cannot be downloaded the built-in catalogue serves alone. off: the built-in catalogue alone.",
      message: `TRACKER_LIST_URL must be an http:// or https:// URL, or ${SITE_LIST_OFF}`,
    }),
    USERNAME_SITE_LIST_URL: setting(z.literal(SITE_LIST_OFF).or(httpUrl()), {
      default: 'https://raw.githubusercontent.com/WebBreacher/WhatsMyName/main/wmn-data.json',
      doc: "A site list in the WhatsMyName format, downloaded at run time, cached in the database and refreshed daily; merged with Footprint's built-in list. The default is WhatsMyName's published list (CC BY-SA 4.0, credited in every result that uses it); while it cannot be downloaded the built-in list serves alone. off: the built-in list alone.",
      message: `USERNAME_SITE_LIST_URL must be an http:// or https:// URL, or ${SITE_LIST_OFF}`,
    }),
    USERNAME_BUILTIN_SITES: setting(trueOrFalse(), {
      default: 'true',
      doc: 'false: check only the sites of USERNAME_SITE_LIST_URL, not the built-in ones.',
      message: 'USERNAME_BUILTIN_SITES must be true or false',
    }),
    USERNAME_INCLUDE_ADULT: setting(trueOrFalse(), {
      default: 'false',
      doc: 'true: also check sites for adult content.',
      message: 'USERNAME_INCLUDE_ADULT must be true or false',
    }),
    USERNAME_CHECK_CONCURRENCY: setting(wholeNumber(1, 256), {
      default: '32',
      doc: 'Site requests in flight at once across the server (never more than one per host).',
      message: 'USERNAME_CHECK_CONCURRENCY must be a whole number between 1 and 256',
    }),
    USERNAME_CHECK_TIMEOUT_MS: setting(wholeNumber(100, 60_000), {
      default: '5000',
      doc: "Each site request's time limit, in milliseconds.",
      message: 'USERNAME_CHECK_TIMEOUT_MS must be a whole number of milliseconds',
    }),
  },
});
