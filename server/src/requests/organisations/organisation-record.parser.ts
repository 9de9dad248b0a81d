import { getDomain } from 'tldts';
import {
  type Organisation,
  type OrganisationKind,
  REQUIRED_ELEMENT_TYPES,
  type RequiredElement,
  type RequiredElementType,
  TRANSPORT_MEDIA,
  type TransportMedium,
} from './organisation.types';

const SLUG = /^[a-z0-9-]+$/;
/** Host-like words inside free text ("Messenger (www.messenger.com)"). */
const HOST_IN_TEXT = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b/gi;
/** Longest text we keep of any field: the records are short; anything longer is not a contact. */
const MAX_FIELD = 2_000;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_FIELD) : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : []);

/** An http(s) URL, or null. */
export function webUrl(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function emailAddress(value: unknown): string | null {
  const raw = text(value);
  return raw && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(raw) ? raw : null;
}

/** The registrable domain of a host name (www.facebook.com -> facebook.com), lower case. */
export function registrableDomain(host: string): string | null {
  return getDomain(host.toLowerCase(), { allowPrivateDomains: false }) ?? null;
}

function requiredElements(value: unknown): RequiredElement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { desc, type, optional } = item as Record<string, unknown>;
    const description = text(desc);
    const kind = REQUIRED_ELEMENT_TYPES.includes(type as RequiredElementType) ? (type as RequiredElementType) : 'input';
    return description ? [{ desc: description, type: kind, optional: optional === true }] : [];
  });
}

/**
 * One record of the company database (companies/*.json) or of its supervisory authorities
 * (supervisory-authorities/*.json), normalised; undefined when it lacks what the schema requires
 * (slug, name, relevant countries, address) or a way to reach it.
 */
export function parseOrganisationRecord(document: unknown, kind: OrganisationKind): Organisation | undefined {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return undefined;
  const record = document as Record<string, unknown>;
  const slug = text(record.slug);
  const name = text(record.name);
  const address = text(record.address);
  const countries = texts(record['relevant-countries']).map((c) => c.toLowerCase());
  if (!slug || !SLUG.test(slug) || !name || !address || countries.length === 0) return undefined;
  const web = webUrl(record.web);
  const email = emailAddress(record.email);
  const webform = webUrl(record.webform);
  const runs = texts(record.runs);
  const hosts = [web, webform].flatMap((url) => (url ? [new URL(url).hostname] : []));
  if (email) hosts.push(email.slice(email.lastIndexOf('@') + 1));
  for (const line of runs) hosts.push(...(line.match(HOST_IN_TEXT) ?? []));
  const domains = [...new Set(hosts.map(registrableDomain).filter((d): d is string => d !== null))];
  const suggested = text(record['suggested-transport-medium']);
  // The schema's default: email when there is an address, a letter otherwise.
  const transport: TransportMedium = TRANSPORT_MEDIA.includes(suggested as TransportMedium) ? (suggested as TransportMedium) : email ? 'email' : 'letter';
  return {
    kind,
    source: 'datarequests',
    slug,
    name,
    web,
    email,
    webform,
    address,
    countries,
    categories: texts(record.categories),
    runs,
    domains,
    requiredElements: requiredElements(record['required-elements']),
    needsIdDocument: record['needs-id-document'] === true,
    transport,
    quality: text(record.quality) ?? (kind === 'authority' ? 'verified' : 'verified'),
    complaintLanguage: text(record['complaint-language']),
  };
}
