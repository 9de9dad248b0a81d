/**
 * What the sources (the only code that talks to outside services) hand to the analyzers.
 * A source never throws for an outside failure: it returns a non-ok SourceResult saying why.
 */
import type { BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { CheckStatus } from '../../vocabulary/check.types';

export type SourceFailureStatus = Exclude<CheckStatus, 'ok' | 'not_applicable'>;

export type SourceResult<T> =
  | { status: 'ok'; data: T }
  | { status: SourceFailureStatus; message: string; retryAfterSeconds?: number };

/** A breach as HIBP API v3 returns it (PascalCase; truncateResponse=false). */
export interface HibpBreach {
  Name: string;
  Title: string;
  Domain: string;
  BreachDate: string;
  AddedDate: string;
  ModifiedDate: string;
  PwnCount: number;
  Description: string;
  LogoPath?: string;
  DataClasses: string[];
  IsVerified: boolean;
  IsFabricated: boolean;
  IsSensitive: boolean;
  IsRetired: boolean;
  IsSpamList: boolean;
  IsMalware?: boolean;
  IsStealerLog?: boolean;
  IsSubscriptionFree?: boolean;
}

/** A paste as HIBP API v3 `pasteaccount` returns it (Title, Date and EmailCount may be null). */
export interface HibpPaste {
  /** Pastebin, Pastie, Slexy, Ghostbin, QuickLeak, JustPaste, AdHocUrl, PermanentOptOut, OptOut. */
  Source: string;
  /** The paste's id at its site; for AdHocUrl the URL it was found at. */
  Id: string;
  Title: string | null;
  Date: string | null;
  EmailCount: number | null;
}

/**
 * One breach as one source describes it, in a shape both sources map into: what the result,
 * the catalogue and the merge read. Only fields a source really gives are set.
 */
export interface BreachRecord {
  source: BreachSourceId;
  /** The source's stable name of the breach ("Adobe"). */
  name: string;
  title: string;
  /** Lower-cased; empty when the breach is not tied to one site. */
  domain: string;
  /** A day (`2013-10-04`) or, when the source says no more, a year (`2013`). */
  breachDate: string;
  addedDate?: string;
  modifiedDate?: string;
  pwnCount: number;
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  isSensitive: boolean;
  isRetired: boolean;
  isSpamList: boolean;
  isMalware: boolean;
  isStealerLog: boolean;
  isSubscriptionFree: boolean;
}

/** A public Gravatar profile (REST API v3 `GET /profiles/{sha256}`); every field optional. */
export interface GravatarProfile {
  hash: string;
  display_name?: string;
  profile_url?: string;
  avatar_url?: string;
  avatar_alt_text?: string;
  location?: string;
  description?: string;
  job_title?: string;
  company?: string;
  verified_accounts?: { service_type?: string; service_label?: string; url?: string; is_hidden?: boolean }[];
  pronunciation?: string;
  pronouns?: string;
  timezone?: string;
  languages?: { code?: string; name?: string }[];
  first_name?: string;
  last_name?: string;
  is_organization?: boolean;
  links?: { label?: string; url?: string }[];
  interests?: { id?: number; name?: string }[];
  contact_info?: {
    home_phone?: string;
    work_phone?: string;
    cell_phone?: string;
    email?: string;
    contact_form?: string;
    calendar?: string;
  };
}

/** The mail-related DNS records of an email domain. Empty lists mean "looked, none there". */
export interface EmailDnsRecords {
  domain: string;
  /** False when the domain does not exist (NXDOMAIN). */
  domainExists: boolean;
  mx: { exchange: string; priority: number }[];
  /** TXT records of the domain that start with `v=spf1`, each joined from its strings. */
  spf: string[];
  /** TXT records at `_dmarc.<domain>` that start with `v=DMARC1`. */
  dmarc: string[];
}
