import type { TlsInfo } from '../../common/security/ssrf/safe-fetch.types';
import type { Finding, FindingType } from '../../vocabulary/finding.types';
import { maxRisk, type RiskLevel } from '../../vocabulary/risk.types';
import { truncate } from './page-document.parser';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import type { SiteContext } from './website-site.util';

/** A certificate that ends within this many days is worth renewing now. */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;
const MAX_LISTED = 10;

/**
 * How visitors' traffic travels: is there https, does plain http send people to it, is the
 * certificate valid and for how long, and does an https page pull content (or post forms) over
 * plain http. All in `metadata`: they decide who on the network path can read or change what a
 * visitor sends and sees.
 *
 * An https attempt that timed out or was refused by our guard says nothing about the site's https,
 * so it produces no finding; only a connection or handshake that failed does.
 */
export function analyzeWebsiteTransport(site: SiteContext): Finding[] {
  const { snapshot, page, document, now } = site;
  const findings: Finding[] = [];
  const add = (type: FindingType, risk: RiskLevel, value: string, summary: string, observed?: string) =>
    findings.push({ group: 'metadata', detail: { kind: 'risk', type, value, source: FINDING_SOURCES.websiteCheck, risk, evidence: { summary, ...(observed ? { observed } : {}) } } });

  const https = snapshot.https;
  const httpsFinal = https.ok && isHttps(https.page.url) ? https.page : undefined;
  if (!https.ok && https.kind === 'unavailable') {
    add('website_no_https', 'high', 'No https', `The site did not answer over https:// (${https.message.replace(/\.$/, '')}), so everything visitors send and see travels unencrypted`, `https:// form: ${snapshotHttpsUrl(site)}`);
  } else if (https.ok && !httpsFinal) {
    add('website_no_https', 'high', 'https redirects to http', 'The https:// address sends visitors on to plain http://, so what they send and see travels unencrypted', route(https.page.hops.map((h) => h.url)));
  }

  const http = snapshot.http;
  if (httpsFinal && http.ok && !isHttps(http.page.url)) {
    add(
      'website_no_https_redirect',
      'medium',
      'http:// does not redirect to https://',
      'The site also serves plain http:// without sending visitors to its https:// address, so links and typed addresses without https stay unencrypted',
      `${route(http.page.hops.map((h) => h.url))} (${http.page.status})`,
    );
  }

  if (httpsFinal?.tls) findings.push(...certificateFindings(httpsFinal.tls, now));

  if (isHttps(page.url)) {
    const insecure: { tag: string; url: string; risk: RiskLevel }[] = [];
    for (const element of document.elements) {
      for (const [attr, risk] of MIXED_CONTENT_ATTRIBUTES[element.tag] ?? []) {
        if (element.tag === 'link' && !/\b(stylesheet|icon|preload|modulepreload|manifest)\b/i.test(element.attrs.rel ?? '')) continue;
        const value = element.attrs[attr]?.trim();
        if (value && /^http:\/\//i.test(value)) insecure.push({ tag: element.tag, url: value, risk });
      }
    }
    if (insecure.length > 0) {
      const risk = insecure.map((i) => i.risk).reduce(maxRisk, 'low' as RiskLevel);
      const forms = insecure.filter((i) => i.tag === 'form').length;
      add(
        'website_mixed_content',
        risk,
        `${insecure.length} insecure ${insecure.length === 1 ? 'resource' : 'resources'} on an https page`,
        forms > 0
          ? `The https page sends ${forms === 1 ? 'a form' : `${forms} forms`} or loads content over plain http: what visitors type there can be read on the way`
          : 'The https page loads content over plain http, which can be read or replaced on the way',
        insecure
          .slice(0, MAX_LISTED)
          .map((i) => `<${i.tag}> ${truncate(i.url, 200)}`)
          .join('\n') + (insecure.length > MAX_LISTED ? `\n… and ${insecure.length - MAX_LISTED} more` : ''),
      );
    }
  }
  return findings;

  function certificateFindings(tls: TlsInfo, at: Date): Finding[] {
    const out: Finding[] = [];
    const push = (type: FindingType, risk: RiskLevel, value: string, summary: string) =>
      out.push({ group: 'metadata', detail: { kind: 'risk', type, value, source: FINDING_SOURCES.websiteCheck, risk, evidence: { summary, observed: describeCertificate(tls) } } });
    const validTo = tls.validTo ? new Date(tls.validTo) : undefined;
    const expiresAt = validTo && !Number.isNaN(validTo.getTime()) ? validTo : undefined;
    const expired = tls.authorizationError === 'CERT_HAS_EXPIRED' || (expiresAt !== undefined && expiresAt.getTime() <= at.getTime());
    if (expired) {
      push('website_certificate_expired', 'high', `Certificate expired${expiresAt ? ` on ${day(expiresAt)}` : ''}`, 'The site\'s certificate has expired: browsers warn visitors, and many click through warnings that would also hide a real attack');
    } else if (!tls.authorized) {
      push(
        'website_certificate_invalid',
        'high',
        `Certificate not trusted (${tls.authorizationError ?? 'unknown reason'})`,
        `Browsers do not trust the site's certificate (${certificateReason(tls.authorizationError)}), so visitors cannot tell the real site from an impostor`,
      );
    } else if (expiresAt && expiresAt.getTime() - at.getTime() < CERTIFICATE_EXPIRY_WARNING_DAYS * DAY_MS) {
      const days = Math.max(0, Math.floor((expiresAt.getTime() - at.getTime()) / DAY_MS));
      push('website_certificate_expiring', 'medium', `Certificate expires on ${day(expiresAt)}`, `The site's certificate expires in ${days} ${days === 1 ? 'day' : 'days'}; unless it is renewed, visitors will see security warnings`);
    }
    return out;
  }
}

/** Which attributes of which elements load or send something, and how bad plain http is there. */
const MIXED_CONTENT_ATTRIBUTES: Readonly<Record<string, readonly (readonly [string, RiskLevel])[]>> = {
  script: [['src', 'medium']],
  iframe: [['src', 'medium']],
  frame: [['src', 'medium']],
  embed: [['src', 'medium']],
  object: [['data', 'medium']],
  link: [['href', 'medium']],
  img: [['src', 'low']],
  audio: [['src', 'low']],
  video: [['src', 'low']],
  source: [['src', 'low']],
  track: [['src', 'low']],
  form: [['action', 'high']],
};

function certificateReason(code: string | undefined): string {
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'it is self-signed';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'it is made out for another name';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'its issuer is unknown or the chain is incomplete';
    case 'CERT_NOT_YET_VALID':
      return 'it is not valid yet';
    case 'CERT_REVOKED':
      return 'it has been revoked';
    default:
      return code ? `reason: ${code}` : 'no reason given';
  }
}

export function describeCertificate(tls: TlsInfo): string {
  return [
    tls.subject && `subject: ${tls.subject}`,
    tls.issuer && `issuer: ${tls.issuer}`,
    (tls.validFrom || tls.validTo) && `valid ${tls.validFrom ? `from ${tls.validFrom} ` : ''}${tls.validTo ? `until ${tls.validTo}` : ''}`.trim(),
    tls.protocol && `protocol: ${tls.protocol}`,
    `trusted: ${tls.authorized ? 'yes' : `no${tls.authorizationError ? ` (${tls.authorizationError})` : ''}`}`,
  ]
    .filter(Boolean)
    .join('\n');
}

function snapshotHttpsUrl(site: SiteContext): string {
  try {
    const url = new URL(site.snapshot.url);
    url.protocol = 'https:';
    return url.href;
  } catch {
    return site.snapshot.url;
  }
}

const isHttps = (url: string) => url.toLowerCase().startsWith('https:');
const route = (urls: readonly string[]) => urls.map((u) => truncate(u, 200)).join(' → ');
const day = (date: Date) => date.toISOString().slice(0, 10);
