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

/** One organisation as stored and served. */
export interface Organisation {
  kind: OrganisationKind;
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
