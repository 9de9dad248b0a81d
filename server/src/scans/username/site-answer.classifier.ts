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
 * lower-case. Any of them means the site answered a robot check, not our question.
 */
const CHALLENGE_MARKERS = ['cf-chl', 'challenge-platform', 'cf-browser-verification', 'px-captcha', 'captcha-delivery.com', 'just a moment...', 'verify you are human', 'are you a robot'];
/** Weaker words that mean a challenge only on a refusal status (403, 503). */
const REFUSAL_MARKERS = ['captcha', 'attention required', 'access denied', 'unusual traffic', 'bot detection'];

/**
 * Hit, miss or unknown for one site's answer, by the rules of the WhatsMyName format:
 * hit when the status is `e_code` and `e_string` is in the body; miss when `m_string` is in the
 * body, or the status is `m_code` where that code alone tells (it differs from `e_code`, or the
 * entry has no `m_string`); anything else unknown. Before the code decides a miss, answers
 * that are not the site speaking are set aside as unknown: rate limits, bot walls, and a page cut
 * off before its existence marker could have been seen.
 */
export function classifyAnswer(site: UsernameSite, answer: SiteAnswer): Classification {
  const { status, body, truncated } = answer;
  const isRedirect = status >= 300 && status < 400;
  if (status === site.eCode && site.eString !== '' && body.includes(site.eString)) {
    return { outcome: 'hit', reason: `HTTP ${status} and the profile marker` };
  }
  if (site.mString !== '' && body.includes(site.mString)) {
    return { outcome: 'miss', reason: `HTTP ${status} and the missing-account marker` };
  }
  if (status === 429) return { outcome: 'unknown', reason: 'rate limited (HTTP 429)' };
  const lower = body.toLowerCase();
  const refusal = status === 403 || status === 503;
  if (CHALLENGE_MARKERS.some((m) => lower.includes(m)) || (refusal && REFUSAL_MARKERS.some((m) => lower.includes(m)))) {
    return { outcome: 'unknown', reason: `bot wall (HTTP ${status} with a challenge page)` };
  }
  if (truncated && status === site.eCode) {
    return { outcome: 'unknown', reason: `HTTP ${status}, but the page was cut off before the profile marker` };
  }
  // A status that existing accounts share proves nothing without the missing-account marker (a
  // consent page or a redesign answers with it too).
  if (status === site.mCode && !(site.mCode === site.eCode && site.mString !== '')) {
    return { outcome: 'miss', reason: isRedirect ? `redirect to ${target(answer)} (a missing account)` : `HTTP ${status} (a missing account)` };
  }
  if (isRedirect) return { outcome: 'unknown', reason: `unexpected redirect to ${target(answer)} (HTTP ${status})` };
  if (status === site.eCode) return { outcome: 'unknown', reason: `HTTP ${status} without the profile marker` };
  if (refusal) return { outcome: 'unknown', reason: `the site refused the request (HTTP ${status})` };
  return { outcome: 'unknown', reason: `unexpected answer (HTTP ${status})` };
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
