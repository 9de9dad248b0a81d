import { isIP } from 'node:net';
import { getDomain, getPublicSuffix } from 'tldts';
import { classifyScanInput } from '../browser-shared/scan-input.rules';
import { classifyEmailDomain } from '../scans/analysis/email-provider.analyzer';
import type { MonitorKind, MonitorTargets } from './monitoring.types';
import { InvalidTargetsError, normalizeTargets, quoted, unique } from './monitor-targets.rules';

/**
 * What one monitor watches, decided from the entries of a new monitor: emails and handles
 * (monitor-targets.rules.ts), or exactly one website, or exactly one email domain. A target that
 * could never be checked is refused here, with what to enter instead, rather than failing every run.
 */
export const KIND_MESSAGES = {
  mixed: 'A monitor watches either emails and handles, or one website, or one email domain: create one monitor for each',
  oneWebsite: 'A monitor watches one website: create one monitor per website',
  oneDomain: 'A monitor watches one email domain: create one monitor per domain',
  notWebsite: (value: string) => `'${value}' is not a website address (e.g., https://example.com)`,
  socialAsWebsite: (value: string) => `'${value}' is a social media profile: watch it as a handle instead`,
  emailAsWebsite: (value: string) => `'${value}' is an email address: watch it as an email, or its domain as an email domain`,
  notDomain: (value: string) => `'${value}' is not a domain name (e.g., example.com)`,
  ipDomain: (value: string) => `'${value}' is an IP address: only a domain name has email addresses to watch`,
  publicSuffix: (value: string) => `'${value}' is a public suffix shared by many owners: enter your own domain under it`,
  providerDomain: (value: string, what: string) =>
    `${value} is ${what}: its addresses belong to many people and only its operator could prove control of it. Watch your own address instead`,
} as const;

/** The entries of a new monitor as the API takes them; any list may be left out. */
export interface RawMonitorTargets {
  emails?: readonly string[];
  handles?: readonly string[];
  websites?: readonly string[];
  domains?: readonly string[];
}

export type MonitorTargetPlan =
  | ({ kind: 'identity' } & MonitorTargets)
  /** The absolute http(s) URL, as the scan input rules normalize it. */
  | { kind: 'website'; website: string }
  /** Lower-cased, in ASCII (an internationalized name in punycode), without a trailing dot. */
  | { kind: 'domain'; domain: string };

export function normalizeMonitorTargets(raw: RawMonitorTargets): MonitorTargetPlan & { kind: MonitorKind } {
  const present = (list?: readonly string[]) => (list ?? []).some((entry) => entry.trim() !== '');
  const kinds = [present(raw.emails) || present(raw.handles), present(raw.websites), present(raw.domains)].filter(Boolean).length;
  if (kinds > 1) throw new InvalidTargetsError(KIND_MESSAGES.mixed);
  if (present(raw.websites)) {
    const websites = unique(raw.websites ?? [], websiteOf);
    if (websites.length > 1) throw new InvalidTargetsError(KIND_MESSAGES.oneWebsite);
    return { kind: 'website', website: websites[0] };
  }
  if (present(raw.domains)) {
    const domains = unique(raw.domains ?? [], domainOf);
    if (domains.length > 1) throw new InvalidTargetsError(KIND_MESSAGES.oneDomain);
    return { kind: 'domain', domain: domains[0] };
  }
  return { kind: 'identity', ...normalizeTargets({ emails: raw.emails ?? [], handles: raw.handles ?? [] }) };
}

/** A website the scan input rules read as a URL (a bare domain gets https://). */
function websiteOf(value: string): string {
  const input = classifyScanInput(value);
  if (input.kind === 'social') throw new InvalidTargetsError(KIND_MESSAGES.socialAsWebsite(quoted(value)));
  if (input.kind === 'email') throw new InvalidTargetsError(KIND_MESSAGES.emailAsWebsite(quoted(value)));
  if (input.kind !== 'url' || !input.url) throw new InvalidTargetsError(KIND_MESSAGES.notWebsite(quoted(value)));
  return input.url;
}

const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * An email domain: 'example.com', '@example.com' or a URL naming it. Refused: IP addresses, public
 * suffixes ('co.uk', 'github.io') and the domains of free, common or disposable mail services,
 * whose control nobody but their operator could prove.
 */
export function domainOf(value: string): string {
  const text = value.trim().replace(/^@/, '');
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    throw new InvalidTargetsError(KIND_MESSAGES.notDomain(quoted(value)));
  }
  host = host.replace(/\.$/, '').toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) throw new InvalidTargetsError(KIND_MESSAGES.ipDomain(quoted(value)));
  if (!DOMAIN_NAME.test(host)) throw new InvalidTargetsError(KIND_MESSAGES.notDomain(quoted(value)));
  if (getPublicSuffix(host, { allowPrivateDomains: true }) === host || getDomain(host, { allowPrivateDomains: true }) === null) {
    throw new InvalidTargetsError(KIND_MESSAGES.publicSuffix(quoted(host)));
  }
  const provider = classifyEmailDomain(host);
  if (provider.kind === 'common') throw new InvalidTargetsError(KIND_MESSAGES.providerDomain(host, `${provider.provider}, a public email service`));
  if (provider.kind === 'free') throw new InvalidTargetsError(KIND_MESSAGES.providerDomain(host, 'a free email service'));
  if (provider.kind === 'disposable') throw new InvalidTargetsError(KIND_MESSAGES.providerDomain(host, 'a disposable email service'));
  return host;
}
