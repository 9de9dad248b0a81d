import { getDomain } from 'tldts';
import type { SocialPlatform } from '../../browser-shared/scan-input.rules';
import { platformName, SOCIAL_PLATFORM_CATALOGUE, SOCIAL_RISK_LEVEL } from '../../vocabulary/social-platform.catalogue';
import { listsUsed } from '../username/site-list.credit';
import type { UsernameFootprint, UsernameSiteListInfo, UsernameSiteResult } from '../username/username-site.types';
import type { Evidence, Finding } from '../../vocabulary/finding.types';
import type { UsernameSiteEntry, UsernameSiteListSummary } from '../../vocabulary/check.types';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import { analyzeSocialProfile } from './social-profile.analyzer';

/** The social check's messages, used as the start of the check's message. */
export const SOCIAL_MESSAGES = {
  unsupported: 'Unsupported social media platform',
  failed: 'Failed to analyze social media profile',
} as const;

export interface UsernameFootprintAnalysis {
  findings: Finding[];
  /** Every site asked, for the result's per-site list (hits first, as the source orders them). */
  sites: UsernameSiteEntry[];
  /** The lists the sites came from, with the configured list's credit. */
  siteList: UsernameSiteListSummary;
  counts: { checked: number; found: number; notFound: number; unknown: number };
  /** "Checked 25 sites (WhatsMyName's list and Footprint's own): 3 found, 20 not found, 2 could not be determined". */
  message: string;
}

/** What the input said: the handle, and the platform (with the link) when a profile URL of one was entered. */
export interface FootprintInput {
  handle: string;
  platform?: SocialPlatform;
  profileUrl?: string;
}

/**
 * The username's footprint → findings. Each hit is one socialMedia finding (the account exists
 * there; the link lets people check it), plus what its public profile shows (social-profile
 * analyzer). A name found on two sites or more adds the generic "same name everywhere" risk. When
 * the person entered the profile link of one of the seven platforms, that platform's catalogued
 * risks and settings follow, unless its site answered that the account is missing: with the hit
 * there as evidence, or else the link they gave (these platforms wall anonymous visitors off, so
 * the profile cannot be read). Misses and unknowns are never findings of their own: a site that
 * could not be asked says nothing about the name.
 */
export function analyzeUsernameFootprint(footprint: UsernameFootprint, input: FootprintInput): UsernameFootprintAnalysis {
  const allHits = footprint.sites.filter((site) => site.outcome === 'hit');
  // One account, one finding: checks of the same service (Mastodon's page and its API, GitHub and
  // its Gists, a Docker Hub user and organisation) are several answers about one account.
  const accounts = new Map<string, UsernameSiteResult[]>();
  for (const hit of allHits) {
    const key = accountKeyOf(hit);
    accounts.set(key, [...(accounts.get(key) ?? []), hit]);
  }
  const hits = [...accounts.values()].map((group) => group.find((hit) => hit.profileHtml !== undefined) ?? group[0]);
  const alsoFrom = (hit: UsernameSiteResult) => (accounts.get(accountKeyOf(hit)) ?? []).filter((other) => other !== hit).map((other) => other.site);
  const counts = {
    checked: footprint.checked,
    found: hits.length,
    notFound: footprint.sites.filter((site) => site.outcome === 'miss').length,
    unknown: footprint.sites.filter((site) => site.outcome === 'unknown').length,
  };

  const findings: Finding[] = [];
  for (const hit of hits) {
    findings.push({
      group: 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'username_found',
        value: `An account named ${input.handle} on ${hit.site}`,
        source: FINDING_SOURCES.usernameCheck,
        platform: hit.site,
        risk: SOCIAL_RISK_LEVEL,
        evidence: hitEvidence(
          hit,
          `${hit.site} (${hit.category}) has an account named ${input.handle}: ${hit.reason}${alsoFrom(hit).length > 0 ? ` (also answered by the check ${alsoFrom(hit).join(', ')}: the same account, counted once)` : ''}`,
        ),
      },
    });
    findings.push(...analyzeSocialProfile(hit));
  }

  if (hits.length >= 2) {
    const names = hits.map((hit) => hit.site);
    findings.push({
      group: 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'username_reused',
        value: `The username ${input.handle} is taken on ${hits.length} sites`,
        source: FINDING_SOURCES.usernameCheck,
        risk: SOCIAL_RISK_LEVEL,
        evidence: {
          summary: `The same username answers as an existing account on ${hits.length} sites, so those accounts can be linked to one another`,
          observed: names.join(', '),
        },
      },
    });
  }

  const platform = platformToAdvise(input, footprint);
  if (platform) {
    const name = platformName(platform);
    const hit = hits.find((h) => h.platform === platform);
    const evidence: Evidence = hit
      ? hitEvidence(hit, `${hit.site} has an account named ${input.handle} (${hit.reason}); this is what a public ${name} profile typically shows, and the setting that limits it`)
      : {
          summary: `You entered the ${name} profile of ${input.handle}. ${name} shows anonymous visitors a login wall, so the profile itself could not be read: this is what a public ${name} profile typically shows, and the setting that limits it`,
          observed: input.profileUrl ?? `${name}: ${input.handle}`,
          ...(input.profileUrl && /^https:\/\//i.test(input.profileUrl) ? { url: input.profileUrl } : {}),
        };
    for (const risk of SOCIAL_PLATFORM_CATALOGUE[platform].risks) {
      findings.push({
        group: 'socialMedia',
        detail: { kind: 'risk', type: risk.type, value: risk.exposure, source: FINDING_SOURCES.socialPlatformRules, platform: name, risk: SOCIAL_RISK_LEVEL, evidence },
      });
    }
  }

  return {
    findings,
    sites: footprint.sites.map(({ site, category, url, askedUrl, outcome, reason }) => ({ site, category, url, ...(askedUrl ? { askedUrl } : {}), outcome, reason })),
    siteList: siteListSummary(footprint.lists),
    counts,
    message: footprintMessage(counts, footprint.lists),
  };
}

/**
 * Which account a hit is: the service (registrable domain) of its profile address, for this one
 * name. Two checks answering for the same service are one account; a site on a shared host with a
 * subdomain per person (a private suffix such as blogspot.com) is its own. An address without a
 * registrable domain (an IP address, localhost) says nothing of the service: each site is its own.
 */
function accountKeyOf(hit: UsernameSiteResult): string {
  try {
    const domain = getDomain(new URL(hit.url).hostname, { allowPrivateDomains: true });
    if (domain) return `domain:${domain}`;
  } catch {
    // not a URL: fall through
  }
  return `site:${hit.site}`;
}

function siteListSummary({ builtIn, configured, list }: UsernameSiteListInfo): UsernameSiteListSummary {
  return { builtIn, configured, ...(list ? { list: { ...list.credit, loaded: list.loaded } } : {}) };
}

/**
 * The platform whose risks apply: the one whose profile link the person entered, only when a site
 * of that platform answered that the account is there. A platform nothing checked (LinkedIn has no
 * check in either list), or whose site could not tell, adds none: its generic risks would cost the
 * same missing name 15 points on one platform and none on another. A plain @name found on a
 * platform adds none either: the same name there may well be someone else's.
 */
function platformToAdvise(input: FootprintInput, footprint: UsernameFootprint): SocialPlatform | undefined {
  if (!input.platform) return undefined;
  return footprint.sites.some((site) => site.platform === input.platform && site.outcome === 'hit') ? input.platform : undefined;
}

export function footprintMessage({ checked, found, notFound, unknown }: UsernameFootprintAnalysis['counts'], lists?: UsernameSiteListInfo): string {
  const from = lists ? ` (${listsUsed(lists)})` : '';
  return `Checked ${checked} ${checked === 1 ? 'site' : 'sites'}${from}: ${found} found, ${notFound} not found, ${unknown} could not be determined`;
}

/**
 * The hit as evidence: the address asked and its status (the API address when it was one, beside
 * the profile link), and the profile link when it is https.
 */
function hitEvidence(hit: UsernameSiteResult, summary: string): Evidence {
  const asked = `${hit.askedMethod === 'POST' ? 'POST ' : ''}${hit.askedUrl ?? hit.url}`;
  const answer = hit.httpStatus !== undefined ? `${asked} → HTTP ${hit.httpStatus}` : asked;
  return {
    summary,
    observed: hit.askedUrl ? `${answer} (profile: ${hit.url})` : answer,
    ...(/^https:\/\//i.test(hit.url) ? { url: hit.url } : {}),
  };
}
