import type { Finding, FindingType } from '../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';

/**
 * The scanned URL itself, before anything is fetched (the URL risks): plain http, a
 * link shortener or a suspicious host, and tracking parameters. All in the `metadata` group at the
 * spec's URL risk level, medium. An address that does not parse as http(s) yields nothing: input
 * validation has already refused it.
 */
export function analyzeUrlInput(rawUrl: string): Finding[] {
  const url = parse(rawUrl);
  if (!url) return [];
  const findings: Finding[] = [];
  const add = (type: FindingType, value: string, summary: string, observed: string) => {
    findings.push({ group: 'metadata', detail: { kind: 'risk', type, value, source: FINDING_SOURCES.urlCheck, risk: 'medium', evidence: { summary, observed } } });
  };
  const host = url.hostname;

  if (url.protocol === 'http:') {
    add('url_not_https', url.href, 'The address uses plain http://, so what is sent to or from this page can be read and changed on the way', url.href);
  }

  const shortener = shortenerOf(host);
  if (shortener) {
    add('url_shortener', host, `${host} is a link shortener: the address hides where it leads, and the shortening service can log every click`, url.href);
  } else {
    const reason = suspiciousHost(host);
    if (reason) add('url_suspicious_host', host, `The host ${host} ${reason}, a pattern common in phishing links`, host);
  }

  const tracking = trackingParameters(url);
  if (tracking.length > 0) {
    const names = [...new Set(tracking.map(([name]) => name))];
    add(
      'url_tracking_parameters',
      names.join(', '),
      `The address carries ${names.length === 1 ? 'a tracking parameter' : `${names.length} tracking parameters`} (${names.join(', ')}) that tell the site where the click came from`,
      truncate(tracking.map(([name, value]) => (value === '' ? name : `${name}=${value}`)).join('&'), 300),
    );
  }
  return findings;
}

/** Link shorteners (a list of our own): their hosts and any subdomain of them. */
export const URL_SHORTENER_HOSTS: readonly string[] = [
  'bit.ly', 'bitly.com', 'j.mp', 't.co', 'tinyurl.com', 'goo.gl', 'ow.ly', 'is.gd', 'v.gd', 'buff.ly', 'rebrand.ly',
  'cutt.ly', 'shorturl.at', 'tiny.cc', 'tiny.one', 'lnkd.in', 't.ly', 'rb.gy', 'bl.ink', 'bit.do', 's.id', 'qr.ae',
  'trib.al', 'dlvr.it', 'shorte.st', 'adf.ly', 'db.tt', 'soo.gd', 'clck.ru', 'amzn.to', 'fb.me', 'mcaf.ee', 'po.st',
  'su.pr', 'x.co', 'snip.ly', 'short.gy', 'tr.im', 'u.to', 'shrtco.de', 'lnk.bio',
];

/** Tracking parameters: exact names (lower-cased), plus any name starting with utm_. */
export const TRACKING_PARAMETERS: readonly string[] = [
  'fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'gclsrc', 'msclkid', 'yclid', 'twclid', 'ttclid', 'li_fat_id', 'igshid', 'igsh',
  'mc_eid', 'mc_cid', '_hsenc', '_hsmi', '__hstc', '__hssc', '__hsfp', 'hsctatracking', 'mkt_tok', 'oly_anon_id', 'oly_enc_id',
  'vero_id', 'vero_conv', '_ga', '_gl', 's_cid', 'rb_clickid', 'wickedid', 'epik', 'ref', 'ref_src', 'ref_url', 'source',
];
const TRACKING_PREFIXES = ['utm_'];
const trackingNames = new Set(TRACKING_PARAMETERS);

/** Deeper than this many labels (a.b.c.d.example.com has 6) is unusual for a real site. */
const MAX_NORMAL_LABELS = 5;

function shortenerOf(host: string): string | undefined {
  return URL_SHORTENER_HOSTS.find((known) => host === known || host.endsWith(`.${known}`));
}

function suspiciousHost(host: string): string | undefined {
  // URL parsing has already turned 0x7f.1 or 2130706433 into dotted form, and IPv6 into [..].
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return 'is a raw IP address instead of a name';
  const labels = host.replace(/\.$/, '').split('.');
  if (labels.some((label) => label.startsWith('xn--'))) return 'uses internationalised (punycode) characters that can imitate a well-known name';
  if (labels.length > MAX_NORMAL_LABELS) return `is nested ${labels.length} labels deep`;
  return undefined;
}

function trackingParameters(url: URL): [string, string][] {
  return [...url.searchParams.entries()].filter(([name]) => {
    const lower = name.toLowerCase();
    return trackingNames.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix) && lower.length > prefix.length);
  });
}

function parse(raw: string): URL | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
