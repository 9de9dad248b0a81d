import { parse as parseDomain } from 'tldts';
import type { Finding, FindingGroup, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { truncate } from './page-document.parser';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import { isDeletion, lifetimeSeconds, ParsedCookie, parseSetCookie } from './set-cookie.parser';
import type { SiteContext } from './website-site.util';

/** Longer than this is a long-lived identifier (browsers cap cookies at 400 days; many sites ask for years). */
export const LONG_LIVED_COOKIE_SECONDS = 365 * 86_400;
const MAX_LISTED = 20;

/** Names that usually hold a login or session: their theft is an account takeover. */
const SESSION_LIKE = /sess|login|auth|token|sid\b|^sid|jwt|remember/i;

/**
 * The cookies the site sets on a first visit (both the https and the http answer), one finding per
 * kind of problem listing every cookie it concerns with its attributes (never its value):
 *   - no Secure flag (`cookie_not_secure`, high when a session-like cookie is among them),
 *     session-like cookies readable by scripts (`cookie_script_readable`), no valid SameSite
 *     (`cookie_samesite_missing`): how well the site protects what identifies a visitor → `metadata`;
 *   - SameSite=None (`cookie_cross_site`), lifetimes over a year (`cookie_long_lived`) and cookies
 *     for another domain than the site's registrable domain (`cookie_foreign_domain`): identifiers
 *     that follow a visitor across sites or years → `personalInfo`.
 * Cookies being deleted (Max-Age 0, Expires in the past) are ignored.
 */
export function analyzeWebsiteCookies(site: SiteContext): Finding[] {
  const { snapshot, page, now } = site;
  const answers = [page, ...[snapshot.https, snapshot.http].flatMap((a) => (a.ok && a.page !== page ? [a.page] : []))];
  const siteHost = hostnameOf(page.url);
  const siteDomain = registrableDomain(siteHost);

  const seen = new Set<string>();
  const cookies: { cookie: ParsedCookie; overHttp: boolean }[] = [];
  for (const answer of answers) {
    for (const raw of answer.setCookies) {
      const cookie = parseSetCookie(raw);
      if (!cookie || isDeletion(cookie, now)) continue;
      const key = `${cookie.name}|${cookie.domain ?? ''}|${cookie.path ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      cookies.push({ cookie, overHttp: !answer.url.toLowerCase().startsWith('https:') });
    }
  }
  if (cookies.length === 0) return [];

  const findings: Finding[] = [];
  const add = (group: FindingGroup, type: FindingType, risk: RiskLevel, matched: ParsedCookie[], what: string, summary: string) => {
    const names = matched.map((c) => c.name);
    findings.push({
      group,
      detail: {
        kind: 'risk',
        type,
        value: `${matched.length} ${matched.length === 1 ? 'cookie' : 'cookies'} ${what}: ${truncate(names.join(', '), 200)}`,
        source: FINDING_SOURCES.websiteCheck,
        risk,
        evidence: { summary, observed: describeCookies(matched, now) },
      },
    });
  };

  const notSecure = cookies.filter(({ cookie, overHttp }) => !cookie.secure || overHttp).map((c) => c.cookie);
  if (notSecure.length > 0) {
    const session = notSecure.some((c) => SESSION_LIKE.test(c.name));
    add(
      'metadata',
      'cookie_not_secure',
      session ? 'high' : 'medium',
      notSecure,
      'without the Secure flag',
      `${count(notSecure.length)} can travel over plain http, where anyone on the network path can copy ${notSecure.length === 1 ? 'it' : 'them'}${session ? ', including what looks like a login or session cookie' : ''}`,
    );
  }

  const readable = cookies.map((c) => c.cookie).filter((c) => SESSION_LIKE.test(c.name) && !c.httpOnly);
  if (readable.length > 0) {
    add('metadata', 'cookie_script_readable', 'medium', readable, 'readable by scripts', `${count(readable.length, 'session-like cookie')} without HttpOnly can be read by every script on the page, third-party ones included`);
  }

  const noSameSite = cookies.map((c) => c.cookie).filter((c) => !c.sameSite);
  if (noSameSite.length > 0) {
    add('metadata', 'cookie_samesite_missing', 'low', noSameSite, 'without a valid SameSite', `${count(noSameSite.length)} without a valid SameSite attribute; how browsers treat ${noSameSite.length === 1 ? 'it' : 'them'} on requests from other sites differs between browsers`);
  }

  const crossSite = cookies.map((c) => c.cookie).filter((c) => c.sameSite === 'none');
  if (crossSite.length > 0) {
    add('personalInfo', 'cookie_cross_site', 'medium', crossSite, 'sent to other sites (SameSite=None)', `${count(crossSite.length)} marked SameSite=None ${crossSite.length === 1 ? 'is' : 'are'} sent whenever another site embeds this one: the mechanism behind cross-site tracking`);
  }

  const longLived = cookies.map((c) => c.cookie).filter((c) => (lifetimeSeconds(c, now) ?? 0) > LONG_LIVED_COOKIE_SECONDS);
  if (longLived.length > 0) {
    add('personalInfo', 'cookie_long_lived', 'low', longLived, 'kept for over a year', `${count(longLived.length)} ${longLived.length === 1 ? 'asks' : 'ask'} to be kept for more than a year, long enough to recognise a visitor across many visits`);
  }

  const foreign = cookies.map((c) => c.cookie).filter((c) => c.domain !== undefined && registrableDomain(c.domain) !== siteDomain);
  if (foreign.length > 0) {
    const domains = [...new Set(foreign.map((c) => c.domain!))];
    add(
      'personalInfo',
      'cookie_foreign_domain',
      'medium',
      foreign,
      `for other domains (${truncate(domains.join(', '), 100)})`,
      `The site sets ${count(foreign.length).toLowerCase()} for ${domains.join(', ')}, not for its own domain ${siteDomain}: identifiers meant to be shared beyond this site (browsers refuse such cookies, but the intent is visible)`,
    );
  }
  return findings;
}

/** One line per cookie: its name and every attribute that matters, never its value. */
export function describeCookies(cookies: ParsedCookie[], now: Date): string {
  const lines = cookies.slice(0, MAX_LISTED).map((c) => {
    const lifetime = lifetimeSeconds(c, now);
    return [
      truncate(c.name, 80),
      `Secure: ${c.secure ? 'yes' : 'no'}`,
      `HttpOnly: ${c.httpOnly ? 'yes' : 'no'}`,
      `SameSite: ${c.sameSite ?? (c.sameSiteInvalid ? 'invalid' : 'not set')}`,
      lifetime === undefined ? 'lifetime: session' : `lifetime: ${describeLifetime(lifetime)}`,
      ...(c.domain ? [`Domain: ${c.domain}`] : []),
    ].join('; ');
  });
  if (cookies.length > MAX_LISTED) lines.push(`… and ${cookies.length - MAX_LISTED} more`);
  return lines.join('\n');
}

function describeLifetime(seconds: number): string {
  if (seconds < 3600) return `${seconds} s`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** The registrable domain (example.co.uk for www.example.co.uk); an IP address or bare name stays itself. */
export function registrableDomain(host: string): string {
  const parsed = parseDomain(host);
  if (parsed.isIp) return parsed.hostname ?? host;
  return parsed.domain ?? host.toLowerCase();
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

function count(n: number, noun = 'cookie'): string {
  return n === 1 ? `One ${noun}` : `${n} ${noun}s`;
}
