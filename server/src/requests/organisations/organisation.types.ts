/**
 * The organisation catalogue: privacy contacts of companies and of data protection supervisory
 * authorities, as read from the datarequests.org (Datenanfragen.de) company database (CC0 1.0).
 */

/** A company (or other organisation that holds personal data), or a supervisory authority (where complaints go). */
export const ORGANISATION_KINDS = ['company', 'authority'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** The record's kinds of identification element (its schema's enum). */
export const REQUIRED_ELEMENT_TYPES = ['input', 'textarea', 'email', 'address', 'name', 'birthdate'] as const;
export type RequiredElementType = (typeof REQUIRED_ELEMENT_TYPES)[number];

/** Something the organisation needs to find the person's data (the record's `required-elements`). */
export interface RequiredElement {
  desc: string;
  type: RequiredElementType;
  optional: boolean;
}

export const TRANSPORT_MEDIA = ['email', 'webform', 'letter', 'fax'] as const;
export type TransportMedium = (typeof TRANSPORT_MEDIA)[number];

/**
 * Where a record comes from: the datarequests.org database, or California's data broker registry
 * (each replaced only by its own source's refresh).
 */
export const ORGANISATION_SOURCES = ['datarequests', 'ca_broker_registry'] as const;
export type OrganisationSource = (typeof ORGANISATION_SOURCES)[number];

/** The category a registry's broker carries (the datarequests.org records use 'addresses' for address traders). */
export const DATA_BROKER_CATEGORY = 'data broker';

/** One organisation as stored and served. */
export interface Organisation {
  kind: OrganisationKind;
  source: OrganisationSource;
  slug: string;
  name: string;
  web: string | null;
  email: string | null;
  webform: string | null;
  address: string;
  /** ISO 3166-1 alpha-2 codes in lower case, or 'all'. */
  countries: string[];
  categories: string[];
  /** Services and brands the organisation is responsible for. */
  runs: string[];
  /** Registrable domains of its website, web form, email address and the services it runs: what matching uses. */
  domains: string[];
  requiredElements: RequiredElement[];
  needsIdDocument: boolean;
  transport: TransportMedium;
  /** tested, verified, imported or scraped (best first). */
  quality: string;
  /** An authority's language for complaints. */
  complaintLanguage: string | null;
}

/** Where the catalogue comes from, for the credit line on every page that uses it. */
export const CATALOGUE_CREDIT = {
  name: 'datarequests.org (Datenanfragen.de) company database',
  url: 'https://github.com/datenanfragen/data',
  licence: 'CC0 1.0',
} as const;

/**
 * California's data broker registry: the CPPA publishes each registered broker's name, website,
 * contact email and address as a public record (Civil Code § 1798.99.84); no licence is stated for
 * reuse, so Footprint fetches it at run time, keeps only the contact fields and credits the agency.
 */
export const CA_BROKER_REGISTRY_CREDIT = {
  name: 'California Privacy Protection Agency, Data Broker Registry',
  url: 'https://cppa.ca.gov/data_broker_registry/',
  licence: 'Public record (Cal. Civ. Code § 1798.99.84), no licence stated',
} as const;
