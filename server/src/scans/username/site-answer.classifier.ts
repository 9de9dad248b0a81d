import type { UsernameOutcome, UsernameSite } from './username-site.types';

/** A site's answer as the classifier needs it. Redirects are never followed: a 3xx is the answer. */
export interface SiteAnswer {
  status: number;
  /** The body decoded as text (up to the cap). */
  body: string;
  /** The body was longer than the cap and only its start was read. */
  truncated: boolean;
  /** The Location header of a redirect. */
  location?: string;
  /** The URL asked for (to show a redirect's target relative to it). */
  url: string;
}

export interface Classification {
  outcome: UsernameOutcome;
  reason: string;
}

/**
 * Markers of anti-bot interstitials (Cloudflare, PerimeterX, DataDome and generic captcha walls),
 * lower-case. Any of them means the site answered a robot check, not our question. Cloudflare's
 * `challenge-platform` script also rides on ordinary pages, so it counts only on a refusal.
 */
const CHALLENGE_MARKERS = ['cf-chl', 'cf_chl', 'cf-browser-verification', 'px-captcha', 'captcha-delivery.com', '<title>just a moment...', 'verify you are human', 'are you a robot'];
/** Weaker words that mean a challenge only on a refusal status (403, 503). */
const REFUSAL_MARKERS = ['captcha', 'challenge-platform', 'attention required', 'access denied', 'unusual traffic', 'bot detection'];

/** Cookie-consent walls shown instead of the page (Google's and YouTube's, Yahoo's), lower-case. */
const CONSENT_MARKERS = ['<title>before you continue', 'action="https://consent.', 'guce.yahoo.com', 'guce.oath.com', 'collectconsent'];
/** A redirect to a consent host (consent.youtube.com, guce.yahoo.com) or a consent path. */
const CONSENT_HOST = /^(consent|guce)\./i;
const CONSENT_PATH = /\/(consent|collectconsent|cookie-?consent|gdpr)(\/|\?|$)/i;

/**
 * Hit, miss or unknown for one site's answer, by WhatsMyName's rule:
 * - hit ⇔ the status is `e_code` and `e_string` is in the body;
 * - miss ⇔ the status is `m_code` and `m_string` is in the body (an entry without `m_string` lets
 *   `m_code` decide, unless the page shows the profile marker or a captcha: then unknown);
 * - anything else is unknown.
 * Answers that are not the site speaking are never a miss, whatever the entry says: rate limits
 * (429), server errors (5xx), refusals (403), bot walls and cookie-consent walls. Nor is a page cut
 * off before its existence marker could have been seen.
 */
export function classifyAnswer(site: UsernameSite, answer: SiteAnswer): Classification {
  const { status, body, truncated } = answer;
  const isRedirect = status >= 300 && status < 400;
  if (status === site.eCode && site.eString !== '' && body.includes(site.eString)) {
    return { outcome: 'hit', reason: `HTTP ${status} and the profile marker` };
  }

  const notTheSite = refusal(answer);
  if (notTheSite) return { outcome: 'unknown', reason: notTheSite };

  const missingMarker = site.mString !== '' && body.includes(site.mString);
  if (status === site.mCode) {
    if (missingMarker) {
      return { outcome: 'miss', reason: isRedirect ? `redirect to ${target(answer)} with the missing-account marker` : `HTTP ${status} and the missing-account marker` };
    }
    // Without m_string the code decides, unless the page was cut off before the existence marker,
    // or it shows the profile marker or a captcha (WhatsMyName's checker calls those unknown too).
    if (site.mString === '' && !(truncated && status === site.eCode)) {
      if (site.eString !== '' && body.includes(site.eString)) {
        return { outcome: 'unknown', reason: `HTTP ${status} (the missing-account code), but the page shows the profile marker` };
      }
      if (body.toLowerCase().includes('captcha')) return { outcome: 'unknown', reason: `HTTP ${status} (the missing-account code) with a captcha on the page` };
      return { outcome: 'miss', reason: isRedirect ? `redirect to ${target(answer)} (a missing account)` : `HTTP ${status} (a missing account)` };
    }
  }

  if (truncated && status === site.eCode) return { outcome: 'unknown', reason: `HTTP ${status}, but the page was cut off before the profile marker` };
  if (missingMarker) return { outcome: 'unknown', reason: `the missing-account marker, but HTTP ${status} instead of ${site.mCode}` };
  if (status === site.eCode && status === site.mCode) return { outcome: 'unknown', reason: `HTTP ${status} without the profile or the missing-account marker` };
  if (status === site.eCode) return { outcome: 'unknown', reason: `HTTP ${status} without the profile marker` };
  if (status === site.mCode) return { outcome: 'unknown', reason: `HTTP ${status} without the missing-account marker` };
  if (isRedirect) return { outcome: 'unknown', reason: `unexpected redirect to ${target(answer)} (HTTP ${status})` };
  return { outcome: 'unknown', reason: `unexpected answer (HTTP ${status})` };
}

/** The reason given for a site that answered 429. */
export const RATE_LIMITED_REASON = 'rate limited (HTTP 429)';

/** Why the answer is not the site's word on the account (a rate limit, an error, a wall), or undefined. */
function refusal(answer: SiteAnswer): string | undefined {
  const { status } = answer;
  if (status === 429) return RATE_LIMITED_REASON;
  const lower = answer.body.toLowerCase();
  const refused = status === 403 || status === 503;
  if (CHALLENGE_MARKERS.some((m) => lower.includes(m)) || (refused && REFUSAL_MARKERS.some((m) => lower.includes(m)))) {
    return `bot wall (HTTP ${status} with a challenge page)`;
  }
  if (isConsentRedirect(answer) || CONSENT_MARKERS.some((m) => lower.includes(m))) {
    return `cookie-consent wall instead of the page (HTTP ${status})`;
  }
  if (status >= 500) return `the site had an error (HTTP ${status})`;
  if (status === 403) return 'the site refused the request (HTTP 403)';
  return undefined;
}

function isConsentRedirect(answer: SiteAnswer): boolean {
  if (answer.status < 300 || answer.status >= 400 || answer.location === undefined) return false;
  try {
    const to = new URL(answer.location, answer.url);
    return CONSENT_HOST.test(to.hostname) || CONSENT_PATH.test(to.pathname);
  } catch {
    return false;
  }
}

/** A redirect's target as people read it: the path on the same host, else host and path. */
function target(answer: SiteAnswer): string {
  if (answer.location === undefined) return 'nowhere (no Location header)';
  try {
    const from = new URL(answer.url);
    const to = new URL(answer.location, from);
    const path = to.pathname.slice(0, 120);
    return to.host === from.host ? path : `${to.host}${path}`;
  } catch {
    return 'an invalid address';
  }
}
