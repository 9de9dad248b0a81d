import { CountryCode, findPhoneNumbersInText, getCountries, parsePhoneNumberFromString } from 'libphonenumber-js';
import { parse as parseDomain } from 'tldts';
import type { Finding, FindingGroup, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { truncate } from './page-document.parser';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import type { SiteContext } from './website-site.util';

/** At most this many findings of each kind; the last one says how many more the page shows. */
export const MAX_PERSONAL_DATA_FINDINGS = 10;
/** Phone search is the costly part: it reads this much of the page text. */
const PHONE_SEARCH_CHARS = 100_000;

const EMAIL = /[a-z0-9](?:[a-z0-9._%+-]{0,63})@[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.[a-z]{2,24}\b/gi;
/** "logo@2x.png" and friends look like addresses but are file names. */
const FILE_SUFFIXES = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'css', 'js', 'mjs', 'json', 'map', 'woff', 'woff2']);
/** The placeholders of forms and documentation ("you@example.com"; RFC 2606 names): never anyone's address. */
const PLACEHOLDER_DOMAIN = /^(example\.(com|net|org)|[^@]*\.(example|invalid|localhost))$/i;
/** Mailboxes of a role, not of a person. */
const ROLE_MAILBOXES = new Set([
  'info', 'contact', 'hello', 'hi', 'support', 'help', 'sales', 'admin', 'office', 'press', 'media', 'enquiries', 'inquiries', 'team',
  'privacy', 'dpo', 'legal', 'billing', 'accounts', 'jobs', 'careers', 'hr', 'noreply', 'no-reply', 'webmaster', 'postmaster', 'abuse',
  'security', 'service', 'customerservice', 'mail', 'feedback', 'marketing', 'news', 'newsletter', 'events', 'partners', 'shop', 'orders',
]);
const COUNTRIES = new Set<string>(getCountries());

/**
 * Personal data anyone can harvest from the page: email addresses and phone numbers in its text
 * and in mailto:/tel: links, and postal addresses the markup marks up (schema.org PostalAddress in
 * JSON-LD or microdata, <address> elements, microformats adr). Emails and phones → `personalInfo`,
 * postal addresses → `locationData`; the matched text is the evidence.
 *
 * Risks: an address of a role (info@, support@…) is low, one that looks like a person's medium;
 * phone numbers and postal addresses medium. Phone numbers must be valid for their country
 * (libphonenumber-js); a number written without its country code needs the site's country-code
 * domain to be read, and visible grouping (spaces, dashes, brackets) to tell it from an order number.
 */
export function analyzePagePersonalData(site: SiteContext): Finding[] {
  const { document } = site;
  const host = hostOf(site.page.url);
  const country = countryOfHost(host);
  return [...emailFindings(site, document.text), ...phoneFindings(site, document.text, country), ...addressFindings(site)];
}

interface Seen {
  value: string;
  matched: string;
  where: string;
}

function emailFindings(site: SiteContext, text: string): Finding[] {
  const found = new Map<string, Seen>();
  const note = (raw: string, where: string) => {
    const value = raw.trim().toLowerCase();
    const domain = value.slice(value.lastIndexOf('@') + 1);
    const suffix = domain.slice(domain.lastIndexOf('.') + 1);
    if (FILE_SUFFIXES.has(suffix) || PLACEHOLDER_DOMAIN.test(domain)) return;
    if (!found.has(value)) found.set(value, { value, matched: raw.trim(), where });
  };
  for (const element of site.document.elements) {
    const href = element.tag === 'a' || element.tag === 'area' ? element.attrs.href?.trim() : undefined;
    if (href && /^mailto:/i.test(href)) {
      const recipients = safeDecode(href.slice('mailto:'.length).split('?')[0]);
      for (const match of recipients.matchAll(EMAIL)) note(match[0], 'a mailto: link');
    }
  }
  for (const match of text.matchAll(EMAIL)) note(match[0], 'the page text');
  return capped([...found.values()], (seen) => {
    const local = seen.value.slice(0, seen.value.indexOf('@'));
    const role = ROLE_MAILBOXES.has(local.replace(/[._-]?\d+$/, ''));
    return finding(
      'personalInfo',
      'page_email_address',
      role ? 'low' : 'medium',
      seen.value,
      `The page shows the email address ${seen.value} in ${seen.where}${role ? '' : ', which looks like a person\'s own mailbox'}: address harvesters collect such addresses for spam and phishing`,
      seen.matched,
    );
  }, 'email addresses');
}

function phoneFindings(site: SiteContext, text: string, country: CountryCode | undefined): Finding[] {
  const found = new Map<string, Seen & { international: string }>();
  for (const element of site.document.elements) {
    const href = element.tag === 'a' || element.tag === 'area' ? element.attrs.href?.trim() : undefined;
    if (!href || !/^tel:/i.test(href)) continue;
    const raw = safeDecode(href.slice('tel:'.length)).split(/[;?]/)[0].trim();
    const number = parsePhoneNumberFromString(raw, country ? { defaultCountry: country } : undefined);
    if (number?.isValid() && !found.has(number.number)) {
      found.set(number.number, { value: number.number, international: number.formatInternational(), matched: raw, where: 'a tel: link' });
    }
  }
  const searched = text.slice(0, PHONE_SEARCH_CHARS);
  for (const match of findPhoneNumbersInText(searched, country ? { defaultCountry: country } : undefined)) {
    const raw = searched.slice(match.startsAt, match.endsAt);
    // Without "+", only numbers written like phone numbers: grouped digits, not a bare run.
    if (!raw.trim().startsWith('+') && !/[\s().-]/.test(raw.trim())) continue;
    if (!match.number.isValid() || found.has(match.number.number)) continue;
    found.set(match.number.number, { value: match.number.number, international: match.number.formatInternational(), matched: raw, where: 'the page text' });
  }
  return capped([...found.values()], (seen) =>
    finding(
      'personalInfo',
      'page_phone_number',
      'medium',
      seen.international,
      `The page shows the phone number ${seen.international} in ${seen.where}: numbers on public pages end up in scam-call and SMS-phishing lists`,
      seen.matched,
    ), 'phone numbers');
}

function addressFindings(site: SiteContext): Finding[] {
  return capped(site.document.addresses, (address) =>
    finding(
      'locationData',
      'page_postal_address',
      'medium',
      address.text,
      `The page marks up a postal address (${address.via}): anyone can see where this person or business is`,
      address.text,
    ), 'postal addresses');
}

function finding(group: FindingGroup, type: FindingType, risk: RiskLevel, value: string, summary: string, observed: string): Finding {
  return { group, detail: { kind: 'risk', type, value: truncate(value, 300), source: FINDING_SOURCES.websiteCheck, risk, evidence: { summary, observed: truncate(observed, 300) } } };
}

/** At most MAX_PERSONAL_DATA_FINDINGS findings; the last one mentions the rest. */
function capped<T>(items: T[], toFinding: (item: T) => Finding, noun: string): Finding[] {
  const findings = items.slice(0, MAX_PERSONAL_DATA_FINDINGS).map(toFinding);
  const more = items.length - findings.length;
  if (more > 0) {
    const last = findings[findings.length - 1].detail;
    last.evidence = { ...last.evidence, summary: `${last.evidence.summary} (the page shows ${more} more ${noun}, not listed)` };
  }
  return findings;
}

/** The country of a country-code top-level domain (uk → GB), when libphonenumber knows it. */
export function countryOfHost(host: string): CountryCode | undefined {
  const suffix = parseDomain(host).publicSuffix;
  if (!suffix) return undefined;
  const tld = suffix.slice(suffix.lastIndexOf('.') + 1).toUpperCase();
  const code = tld === 'UK' ? 'GB' : tld;
  return code.length === 2 && COUNTRIES.has(code) ? (code as CountryCode) : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
