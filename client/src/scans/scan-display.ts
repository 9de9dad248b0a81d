/** How scan results read on screen: the words and colours for scores, statuses and risk levels. */
import type { CheckReport, CheckStatus, FindingGroup, RiskLevel, UsernameSite } from './scan-types';

/** The five result cards, in the spec's order and with its titles. */
export const GROUP_TITLES: Record<FindingGroup, string> = {
  breaches: 'Data Breaches',
  personalInfo: 'Personal Information',
  locationData: 'Location Data',
  metadata: 'Metadata Risks',
  socialMedia: 'Social Media Risks',
};

export interface ScoreTone {
  /** Chakra colour palette name, as the spec names the colour. */
  palette: 'green' | 'yellow' | 'red';
  /** Circle fill and text colour, chosen for at least 4.5:1 contrast. */
  bg: string;
  fg: string;
  /** The onboarding's words for the range. */
  label: 'Excellent' | 'Good' | 'Needs attention';
}

/** Score circle colour (higher is better): 80 and above green, 60 to 79 yellow, below 60 red. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return { palette: 'green', bg: 'green.700', fg: 'white', label: 'Excellent' };
  if (score >= 60) return { palette: 'yellow', bg: 'yellow.300', fg: 'gray.900', label: 'Good' };
  return { palette: 'red', bg: 'red.700', fg: 'white', label: 'Needs attention' };
}

/** How a result card's count reads: 'Not checked' (no count) when none of its checks ran, red when something was found, green only when every check of the group ran. */
export function groupCountView(count: number, checked: 'all' | 'some' | 'none'): { text: string; color: string; tone: 'not-checked' | 'found' | 'clean' | 'partly-checked' } {
  if (checked === 'none') return { text: 'Not checked', color: 'fg.muted', tone: 'not-checked' };
  if (count > 0) return { text: String(count), color: 'red.fg', tone: 'found' };
  return checked === 'all' ? { text: '0', color: 'green.fg', tone: 'clean' } : { text: '0', color: 'fg.muted', tone: 'partly-checked' };
}

const STATUS_TEXT: Record<Exclude<CheckStatus, 'ok' | 'partial'>, string> = {
  not_configured: 'not configured on this server',
  unavailable: 'unavailable, not checked',
  rate_limited: 'rate limited, not checked',
  timed_out: 'timed out, not checked',
  not_applicable: 'not available for this input',
};

/** One check's line in the status list: "Data breaches: not configured on this server". */
export function checkLine(label: string, report: CheckReport | undefined): string {
  return `${label}: ${checkStatusText(report)}`;
}

export function checkStatusText(report: CheckReport | undefined): string {
  if (!report) return 'checking…';
  if (report.status === 'ok') {
    if (report.findings === 0) return 'checked, nothing found';
    return `checked, ${report.findings} ${report.findings === 1 ? 'finding' : 'findings'}`;
  }
  if (report.status === 'partial') return `partly checked, ${report.findings === 0 ? 'nothing found' : `${report.findings} ${report.findings === 1 ? 'finding' : 'findings'}`}`;
  const text = STATUS_TEXT[report.status] ?? 'not checked';
  if (report.status === 'rate_limited' && report.retryAfterSeconds) return `${text} (try again in ${waitText(report.retryAfterSeconds)})`;
  return text;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The breach sources' names, as the server's breach-source catalogue spells them. */
export function breachSourceName(id: 'hibp' | 'xposedornot'): string {
  return id === 'hibp' ? 'Have I Been Pwned' : 'XposedOrNot';
}

/** Badge palettes for risk levels and recommendation priorities. */
export const LEVEL_PALETTE: Record<RiskLevel, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of an HTML snippet (HIBP breach descriptions carry links and emphasis). The result is
 * rendered as text, never as HTML: this only makes it read well.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Links are shown only for https addresses. */
export function safeHttpsUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Profile links of the username check: http or https only (a site list could name anything else). */
export function safeWebUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export interface UsernameSitesView {
  found: UsernameSite[];
  notFound: UsernameSite[];
  unknown: UsernameSite[];
  /** "Found on 2 of 25 sites checked; 3 could not be checked". */
  headline: string;
}

/** The username check's sites as the results show them: found ones listed, not-found counted, unknowns listed apart. */
export function usernameSitesView(sites: readonly UsernameSite[]): UsernameSitesView {
  const found = sites.filter((site) => site.outcome === 'hit');
  const unknown = sites.filter((site) => site.outcome === 'unknown');
  const notFound = sites.filter((site) => site.outcome === 'miss');
  const checked = sites.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  let headline =
    found.length > 0 ? `Found on ${found.length} of ${plural(checked, 'site')} checked` : checked === 1 ? 'Not found on the 1 site checked' : `Not found on any of the ${checked} sites checked`;
  if (unknown.length > 0) headline += `; ${unknown.length} could not be checked`;
  return { found, notFound, unknown, headline };
}

/** A site's answer to the Global Privacy Control visit, in words and a colour. */
export const GPC_OUTCOME_DISPLAY: Record<'honoured' | 'partly_honoured' | 'not_honoured' | 'nothing_to_honour', { text: string; palette: string }> = {
  honoured: { text: 'Honoured', palette: 'green' },
  partly_honoured: { text: 'Partly honoured', palette: 'orange' },
  not_honoured: { text: 'Not honoured', palette: 'red' },
  nothing_to_honour: { text: 'No tracking either way', palette: 'gray' },
};
