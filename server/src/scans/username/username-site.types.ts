import type { SocialPlatform } from '../../browser-shared/scan-input.rules';

/**
 * One site of a list in the WhatsMyName format, as the list document writes it (a configured list
 * is outside input: every field is checked by site-list.parser.ts before use). `{account}` in
 * `uri_check`, `uri_pretty` and `post_body` stands for the username.
 */
export interface WmnSite {
  /** The site's name as it brands itself; unique within a list. */
  name: string;
  /** The URL to request, with `{account}` (a POST entry may have it in `post_body` only). */
  uri_check: string;
  /** The profile URL to show people, when `uri_check` is an API endpoint. */
  uri_pretty?: string;
  /** When present the check is a POST with this body, `{account}` in it; its `headers` give the Content-Type. */
  post_body?: string;
  /** Request headers the check needs (a browser's User-Agent, Accept, Content-Type, …). */
  headers?: Record<string, string>;
  /** Characters to remove from the username before it is put in the URL. */
  strip_bad_char?: string;
  /** The HTTP status of an existing account. */
  e_code: number;
  /** Text present only when the account exists. */
  e_string: string;
  /** The HTTP status of a missing account. */
  m_code: number;
  /** Text present only when the account does not exist. */
  m_string: string;
  /** Usernames known to exist (for the list's maintainers' tests; unused by the check). */
  known?: string[];
  /** The site's category, one of the document's `categories`. */
  cat: string;
  /** `false`: the list's maintainers say the entry is broken for now; skipped. */
  valid?: boolean;
  /** Anti-automation measures the site is known for: 'captcha', 'cloudflare', 'user-agent', 'user-auth', … */
  protection?: string[];
}

/** A list document in the WhatsMyName format (its other top-level fields, license and authors, are not used). */
export interface WmnDocument {
  sites: WmnSite[];
  categories?: string[];
}

/** A site we check, normalized: from our built-in catalogue or from a configured list. */
export interface UsernameSite {
  name: string;
  /** http(s) URL template, with `{account}` unless the name goes in `postBody`. */
  uriCheck: string;
  /** http(s) URL template with `{account}` shown to people; `uriCheck` when absent. */
  uriPretty?: string;
  /** Set for a POST entry: the request body, with `{account}`. */
  postBody?: string;
  /** The entry's own request headers (names as given; the SSRF guard drops the ones it owns). */
  headers?: Record<string, string>;
  /** Characters removed from the username before substitution ('' or absent: none). */
  stripBadChar?: string;
  eCode: number;
  /** '' means the code alone decides an existing account (our built-in list never does this). */
  eString: string;
  mCode: number;
  /** '' means the code alone decides a missing account. */
  mString: string;
  /** The document's `cat`, lower-cased ('social', 'coding', 'gaming', 'xx nsfw xx', …). */
  category: string;
  /** Set for the big platforms whose handles and profile URLs the scan input also recognises (SOCIAL_PLATFORMS). */
  platform?: SocialPlatform;
  /** Its answer for an existing account is a public profile worth reading for personal data. */
  profilePage: boolean;
  /** The site is for adult content (excluded unless USERNAME_INCLUDE_ADULT=true). */
  adult: boolean;
  /** Anti-automation the list says the site uses (informative). */
  protection?: string[];
  /** Which list the check data came from; set when the lists are merged. */
  origin?: UsernameSiteOrigin;
}

/** Where a site's check data came from: our built-in list, or the configured one (USERNAME_SITE_LIST_URL). */
export type UsernameSiteOrigin = 'built-in' | 'configured';

/** What the parser keeps of a list document, and how much it dropped. */
export interface ParsedSiteList {
  sites: UsernameSite[];
  /** Entries refused: not an object, a missing or mistyped required field, a non-http(s) URL, no `{account}`, an empty `e_string`, a repeated name. */
  dropped: number;
  /** Entries the list itself marks `valid: false`; not counted in `dropped`. */
  disabled: number;
}

/** How one site answered for the username. Only 'hit' counts in the score. */
export type UsernameOutcome = 'hit' | 'miss' | 'unknown';

export interface UsernameSiteResult {
  site: string;
  category: string;
  origin: UsernameSiteOrigin;
  platform?: SocialPlatform;
  /** The profile URL with the username (uri_pretty, else uri_check): the link people can check. */
  url: string;
  /**
   * The address actually requested (uri_check, with the name), when it is not the profile URL: an
   * API address, say. Shown beside the profile link so the evidence says what was asked.
   */
  askedUrl?: string;
  /** POST: the request was a POST of a body to askedUrl (or url). */
  askedMethod?: 'POST';
  outcome: UsernameOutcome;
  /** Why, for people: 'HTTP 200 and the profile marker', 'redirect to /login (a missing account)', 'timed out after 5 s'. */
  reason: string;
  /** The status the site answered with, when it answered. */
  httpStatus?: number;
  /** Hits on profile-page sites only: the body as text (HTML or JSON), capped at USERNAME_PROFILE_MAX_CHARS. */
  profileHtml?: string;
}

/** Whom a configured list is credited to, with every result that used it (WhatsMyName's data is CC BY-SA 4.0). */
export interface SiteListCredit {
  /** 'WhatsMyName', or the list's host. */
  name: string;
  /** The project's page, or the list's address. */
  url: string;
  license?: string;
  licenseUrl?: string;
}

/** The configured list as a check found it. */
export interface ConfiguredListState {
  credit: SiteListCredit;
  /** False until a download succeeded: the built-in sites alone are asked meanwhile. */
  loaded: boolean;
}

/** The sites to ask now, and the configured list they came with. */
export interface SitesInUse {
  sites: readonly UsernameSite[];
  /** Null when USERNAME_SITE_LIST_URL is off. */
  list: ConfiguredListState | null;
}

/** Which lists a username check asked from: for its check line and the credit. */
export interface UsernameSiteListInfo {
  /** Sites asked with our built-in entry. */
  builtIn: number;
  /** Sites asked with the configured list's entry (those replacing a built-in one included). */
  configured: number;
  /** Null when USERNAME_SITE_LIST_URL is off. */
  list: ConfiguredListState | null;
}

/** The footprint of one username: how many sites were asked, and each one's answer (hits first, then by name). */
export interface UsernameFootprint {
  checked: number;
  sites: UsernameSiteResult[];
  lists: UsernameSiteListInfo;
}
