import disposableDomainList from 'disposable-email-domains/index.json';
import disposableWildcardList from 'disposable-email-domains/wildcard.json';
import freeProviderList from 'email-providers/all.json';
import type { Finding, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';

/**
 * The address's domain → what kind of mailbox it is. Exactly one finding, in the `metadata` group:
 * - disposable (the disposable-email-domains lists, wildcards covering subdomains): medium, not the
 *   spec's default low, because many such inboxes are readable by anyone who knows the address,
 *   password-reset mail included;
 * - one of the spec's common providers (Gmail, Yahoo, Outlook/Hotmail, iCloud, AOL, Proton,
 *   Tutanota, in any of their domains): low, the spec's phishing-target risk;
 * - another free provider (the email-providers list): low;
 * - any other domain: low, the spec's business-email risks (custom domain).
 */
export function analyzeEmailProvider(emailDomain: string): Finding[] {
  const domain = emailDomain.trim().toLowerCase().replace(/\.$/, '');
  if (!domain) return [];
  const kind = classifyEmailDomain(domain);
  switch (kind.kind) {
    case 'disposable':
      return [
        finding(
          'disposable_email_domain',
          'medium',
          domain,
          `${domain} is a disposable email service: many of its inboxes can be read by anyone who knows the address`,
          kind.listEntry === domain ? domain : `${domain} (listed as ${kind.listEntry})`,
        ),
      ];
    case 'common':
      return [
        finding(
          'free_email_provider',
          'low',
          domain,
          `${domain} is ${kind.provider}, one of the largest free email services and a constant target of phishing and account-takeover campaigns`,
          `${domain}: ${kind.provider}`,
        ),
      ];
    case 'free':
      return [
        finding(
          'free_email_provider',
          'low',
          domain,
          `${domain} is a free email service: your account's safety depends on that provider, and free addresses are a common phishing target`,
          `${domain}: listed as a free email provider`,
        ),
      ];
    case 'custom':
      return [
        finding(
          'custom_email_domain',
          'low',
          domain,
          `${domain} is a custom domain: the address reveals the organisation behind it, invites spear-phishing and lets others guess colleagues' addresses`,
          `${domain}: not a known free or disposable provider`,
        ),
      ];
  }
}

export type EmailDomainKind =
  | { kind: 'disposable'; listEntry: string }
  | { kind: 'common'; provider: string }
  | { kind: 'free' }
  | { kind: 'custom' };

/** The spec's common providers and the domains each hands out (a list of our own). */
export const COMMON_EMAIL_PROVIDERS: Readonly<Record<string, readonly string[]>> = {
  Gmail: ['gmail.com', 'googlemail.com'],
  'Yahoo Mail': ['yahoo.com', 'ymail.com', 'rocketmail.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.co.jp', 'yahoo.com.br', 'yahoo.ca', 'yahoo.in'],
  'Outlook.com': ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'live.co.uk', 'outlook.fr', 'outlook.de'],
  iCloud: ['icloud.com', 'me.com', 'mac.com'],
  AOL: ['aol.com', 'aim.com', 'aol.co.uk', 'aol.de', 'aol.fr'],
  'Proton Mail': ['protonmail.com', 'protonmail.ch', 'proton.me', 'pm.me'],
  Tuta: ['tutanota.com', 'tutanota.de', 'tutamail.com', 'tuta.io', 'tuta.com', 'keemail.me'],
};

// Country variants (yahoo.es, hotmail.it, outlook.jp…) count when the free-provider list has them,
// their first label is one of these brands and the rest is a country ending: the list also holds
// typos and look-alikes (hotmail.con, gmail.co.uk) that are not the provider. Google and Proton use
// only the domains above.
const BRAND_LABELS: Readonly<Record<string, string>> = {
  yahoo: 'Yahoo Mail',
  outlook: 'Outlook.com',
  hotmail: 'Outlook.com',
  live: 'Outlook.com',
  aol: 'AOL',
};
const COUNTRY_ENDING = /^(?:[a-z]{2}|com?\.[a-z]{2})$/;

// RFC 2606 names are examples, not providers, whatever a list says (email-providers lists example.com).
const RESERVED = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/;

const disposableDomains = new Set<string>(disposableDomainList);
const disposableWildcards: readonly string[] = disposableWildcardList;
const freeProviders = new Set<string>(freeProviderList);
const commonProviderByDomain = new Map(
  Object.entries(COMMON_EMAIL_PROVIDERS).flatMap(([provider, domains]) => domains.map((domain) => [domain, provider] as const)),
);

export function classifyEmailDomain(rawDomain: string): EmailDomainKind {
  const domain = rawDomain.trim().toLowerCase().replace(/\.$/, '');
  if (disposableDomains.has(domain)) return { kind: 'disposable', listEntry: domain };
  const wildcard = disposableWildcards.find((entry) => domain === entry || domain.endsWith(`.${entry}`));
  if (wildcard) return { kind: 'disposable', listEntry: `*.${wildcard}` };

  const common = commonProviderByDomain.get(domain);
  if (common) return { kind: 'common', provider: common };
  if (RESERVED.test(domain)) return { kind: 'custom' };
  if (freeProviders.has(domain)) {
    const dot = domain.indexOf('.');
    const brand = BRAND_LABELS[domain.slice(0, dot)];
    return brand && COUNTRY_ENDING.test(domain.slice(dot + 1)) ? { kind: 'common', provider: brand } : { kind: 'free' };
  }
  return { kind: 'custom' };
}

function finding(type: FindingType, risk: RiskLevel, domain: string, summary: string, observed: string): Finding {
  return { group: 'metadata', detail: { kind: 'risk', type, value: domain, source: FINDING_SOURCES.emailDomainLists, risk, evidence: { summary, observed } } };
}
