/**
 * The public scan input rules, written once: the client imports this file
 * (alias `@browser-shared`) for the button and its messages, and the server for validation and routing.
 * Keep it free of Node and browser APIs.
 */

export const SCAN_INPUT_MESSAGES = {
  empty: 'Please enter a handle, URL, or email address',
  invalid: 'Please enter a valid email address, website URL, or social media handle (e.g., @username)',
} as const;

/** Longer inputs are refused as invalid: no real address, URL or handle is this long. */
export const SCAN_INPUT_MAX_LENGTH = 2048;

/** The platforms whose handles and profile URLs we recognise. */
export const SOCIAL_PLATFORMS = ['instagram', 'twitter', 'linkedin', 'facebook', 'tiktok', 'youtube', 'reddit'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The known social hosts (and their subdomains), each with its platform. */
export const SOCIAL_HOSTS: Readonly<Record<string, SocialPlatform>> = {
  'instagram.com': 'instagram',
  'twitter.com': 'twitter',
  'x.com': 'twitter',
  'linkedin.com': 'linkedin',
  'facebook.com': 'facebook',
  'fb.com': 'facebook',
  'tiktok.com': 'tiktok',
  'youtube.com': 'youtube',
  'youtu.be': 'youtube',
  'reddit.com': 'reddit',
  'redd.it': 'reddit',
};

/** What kind of thing was entered. `unknown` only for input that is not valid. */
export type ScanInputKind = 'email' | 'url' | 'social' | 'unknown';
/** The widget's inputType: the kind, with the four platforms the spec names spelled out. */
export const SCAN_INPUT_TYPES = ['email', 'url', 'social', 'unknown', 'instagram', 'twitter', 'linkedin', 'facebook'] as const;
export type ScanInputType = (typeof SCAN_INPUT_TYPES)[number];

export interface ClassifiedScanInput {
  /** The input as the user meant it: trimmed, and lower-cased for emails and hosts. */
  value: string;
  kind: ScanInputKind;
  inputType: ScanInputType;
  /** Social inputs: the platform when a known host was given ('@name' alone has none). */
  platform?: SocialPlatform;
  /** Social inputs: the handle without '@', when one can be read. */
  handle?: string;
  /** URL inputs and social profile URLs: the absolute http(s) URL (https:// added to a bare domain). */
  url?: string;
  /** Email inputs: the domain part. */
  domain?: string;
}

// No '/' anywhere: 'https://medium.com/@jane.doe' and 'tiktok.com/@some.user' are URLs with an '@' in
// their path, and 'https://user:pw@host' a URL with credentials, not email addresses.
const EMAIL_SHAPE = /^[^\s@/]+@[^\s@/?#]+\.[^\s@/?#]+$/;
const HANDLE = /^@[a-z0-9_]+$/;
const HTTP_PREFIX = /^https?:\/\//;
// One or more labels, then an alphabetic suffix of at least two letters; optionally a port and a path.
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/;

/** The spec's message for an input that cannot be scanned, or undefined when it can. */
export function scanInputError(raw: string): string | undefined {
  const input = raw.trim();
  if (input === '') return SCAN_INPUT_MESSAGES.empty;
  return classifyScanInput(input).kind === 'unknown' ? SCAN_INPUT_MESSAGES.invalid : undefined;
}

/** The scan button's disabled rule: nothing to scan, or a scan already running. */
export function isScanButtonDisabled(raw: string, scanning: boolean): boolean {
  return scanning || scanInputError(raw) !== undefined;
}

/** Decides what the input is; anything that is not valid comes back as kind 'unknown'. */
export function classifyScanInput(raw: string): ClassifiedScanInput {
  const trimmed = raw.trim();
  const lower = trimmed.toLowerCase();
  const unknown: ClassifiedScanInput = { value: trimmed, kind: 'unknown', inputType: 'unknown' };
  if (lower === '' || lower.length > SCAN_INPUT_MAX_LENGTH) return unknown;

  if (EMAIL_SHAPE.test(lower)) {
    return { value: lower, kind: 'email', inputType: 'email', domain: lower.slice(lower.lastIndexOf('@') + 1) };
  }
  if (HANDLE.test(lower)) {
    return { value: lower, kind: 'social', inputType: 'social', handle: lower.slice(1) };
  }
  if (/\s/.test(lower)) return unknown;

  const hasScheme = HTTP_PREFIX.test(lower);
  if (!hasScheme && !BARE_DOMAIN.test(lower) && !mentionsSocialHost(lower)) return unknown;
  const url = parseHttpUrl(hasScheme ? trimmed : `https://${trimmed}`);
  if (!url) return unknown;

  const platform = platformOfHost(url.hostname);
  if (platform) {
    const handle = handleFromProfileUrl(platform, url);
    return {
      value: url.href,
      kind: 'social',
      inputType: platformInputType(platform),
      platform,
      url: url.href,
      ...(handle ? { handle } : {}),
    };
  }
  return { value: url.href, kind: 'url', inputType: 'url', url: url.href };
}

/** The platform of a host or any of its subdomains (www.instagram.com, m.facebook.com). */
export function platformOfHost(hostname: string): SocialPlatform | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const [known, platform] of Object.entries(SOCIAL_HOSTS)) {
    if (host === known || host.endsWith(`.${known}`)) return platform;
  }
  return undefined;
}

function platformInputType(platform: SocialPlatform): ScanInputType {
  return platform === 'instagram' || platform === 'twitter' || platform === 'linkedin' || platform === 'facebook' ? platform : 'social';
}

// Text containing one of the hosts is a profile URL, read on host boundaries so that
// netflix.com does not count as x.com.
function mentionsSocialHost(lower: string): boolean {
  const host = lower.split(/[/?#:]/, 1)[0];
  return platformOfHost(host) !== undefined;
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.hostname || url.username || url.password) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

/**
 * How each platform writes a profile address, read from the path only: query strings, fragments,
 * trailing slashes and case never matter. A URL that names something else (a post, a video, a
 * short link, a numeric profile ID, a search) gives no handle: the username check then reports the
 * link as unsupported rather than guessing a name from it.
 */
interface ProfilePathRule {
  /** Reads the handle candidate from the decoded, non-empty path segments (case kept). */
  candidate(segments: readonly string[], host: string): string | undefined;
  /** The platform's own handle alphabet and length. */
  shape: RegExp;
  /** Names of the platform's own pages (compared lower-cased), never an account. */
  reserved?: ReadonlySet<string>;
}

const words = (...list: string[]): ReadonlySet<string> => new Set(list);

// A handle written with '@' in front ("x.com/@jack") is read without it.
const firstSegment = (segments: readonly string[]) => segments[0]?.replace(/^@/, '');
/** `/<prefix>/<name>`: the name after one of the prefixes, or nothing. */
const afterPrefix = (segments: readonly string[], prefixes: readonly string[]) =>
  segments.length >= 2 && prefixes.includes(segments[0].toLowerCase()) ? segments[1] : undefined;

const PROFILE_RULES: Readonly<Record<SocialPlatform, ProfilePathRule>> = {
  instagram: {
    // /<name>/, /<name>/reels/, /<name>/tagged/, /stories/<name>/<id>/; /p/, /reel/, /tv/ are posts.
    candidate: (segments) => afterPrefix(segments, ['stories']) ?? firstSegment(segments),
    shape: /^[a-z0-9._]{1,30}$/i,
    reserved: words('p', 'reel', 'reels', 'tv', 'explore', 'stories', 'highlights', 'accounts', 'direct', 'about', 'legal', 'developer', 'web', 'challenge', 'emails', 'session', 'privacy', 'terms', 'invites', 'ar', 'graphql', 'api', 'static'),
  },
  twitter: {
    // /<name>, /<name>/status/<id>, /<name>/with_replies; /i/… and /intent/… are the site's own pages.
    candidate: firstSegment,
    shape: /^[a-z0-9_]{1,15}$/i,
    reserved: words('i', 'intent', 'home', 'explore', 'search', 'hashtag', 'notifications', 'messages', 'settings', 'compose', 'login', 'logout', 'signup', 'share', 'tos', 'privacy', 'about', 'download', 'jobs', 'account', 'lists', 'bookmarks', 'communities', 'topics', 'who_to_follow', 'oauth', 'following', 'followers', 'search-advanced'),
  },
  linkedin: {
    // /in/<name>, /pub/<name>/…, /company/<name>; other paths (feed, jobs, posts) name no account.
    candidate: (segments) => afterPrefix(segments, ['in', 'pub', 'company']),
    shape: /^[\p{L}\p{N}_-]{2,100}$/iu,
  },
  facebook: {
    // /<name>, /<name>/posts/<id>; /profile.php?id= and /people/<Name>/<id> carry a number, not a username.
    candidate: firstSegment,
    shape: /^[a-z0-9.]{1,50}$/i,
    reserved: words('profile.php', 'people', 'pages', 'groups', 'events', 'watch', 'marketplace', 'gaming', 'photo.php', 'photo', 'photos', 'story.php', 'permalink.php', 'sharer.php', 'sharer', 'share', 'dialog', 'login', 'login.php', 'logout.php', 'help', 'hashtag', 'reel', 'reels', 'stories', 'settings', 'privacy', 'policies', 'policy.php', 'legal', 'business', 'ads', 'friends', 'messages', 'notifications', 'search', 'home.php', 'home', 'bookmarks', 'media', 'l.php', 'plugins', 'tr', 'video.php', 'videos', 'fundraisers', 'recover', 'r.php', 'reg', 'signup'),
  },
  tiktok: {
    // Only /@<name> (and /@<name>/video/<id>) is a profile; vm.tiktok.com, vt.tiktok.com and /t/… are short links.
    candidate: (segments, host) => (/^(vm|vt)\./.test(host) ? undefined : segments[0]?.startsWith('@') ? segments[0].slice(1) : undefined),
    shape: /^[a-z0-9._]{1,24}$/i,
  },
  youtube: {
    // /@<name>, /c/<name>, /user/<name>; /channel/UC… is an ID, and youtu.be, /watch, /shorts videos.
    candidate: (segments, host) =>
      host === 'youtu.be' || host.endsWith('.youtu.be') ? undefined : segments[0]?.startsWith('@') ? segments[0].slice(1) : afterPrefix(segments, ['c', 'user']),
    shape: /^[a-z0-9._-]{1,100}$/i,
  },
  reddit: {
    // /user/<name>, /u/<name> on www., old., new., np. alike; /r/<name> is a community, redd.it a post.
    candidate: (segments, host) => (host === 'redd.it' || host.endsWith('.redd.it') ? undefined : afterPrefix(segments, ['user', 'u'])),
    shape: /^[a-z0-9_-]{3,20}$/i,
  },
};

function handleFromProfileUrl(platform: SocialPlatform, url: URL): string | undefined {
  const rule = PROFILE_RULES[platform];
  const segments = url.pathname.split('/').filter(Boolean).map((s) => safeDecode(s));
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const candidate = rule.candidate(segments, host);
  if (!candidate || !rule.shape.test(candidate) || rule.reserved?.has(candidate.toLowerCase())) return undefined;
  return candidate.toLowerCase();
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
