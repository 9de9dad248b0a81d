import { Parser } from 'htmlparser2';
import { getDomain } from 'tldts';
import type { TrackerListInUse } from '../trackers/tracker-list.credit';
import { FILTER_LIST_CATEGORY, type TrackerCategory, type TrackerEntry } from '../trackers/tracker.catalogue';
import type { Finding, FindingGroup, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import type { CapturedRequest } from '../../browser-audit/capture.types';

/** What the analyzer needs of the catalogue (TrackerCatalogueService, or a fake in tests). */
export interface TrackerMatcher {
  match(host: string): TrackerEntry | undefined;
  /** The fetched tracker list in use, for the result's credit (TrackerCatalogueService has it; test fakes need not). */
  trackerListInUse?(): TrackerListInUse | undefined;
}

/** A fetched page: its final URL (after redirects) and its HTML. */
export interface FetchedPage {
  url: string;
  html: string;
}

/** The finding types the tracker catalogue's categories become. */
export type TrackerFindingType = Extract<FindingType, `tracker_${string}`>;

/**
 * Where each kind of tracker finding counts, and its risk. Tracking by advertisers and social
 * networks counts in `socialMedia`; measurement of the visit itself (analytics, session recording,
 * fingerprinting, tag managers, customer data) in `metadata`. Risk: session recording and
 * fingerprinting are high (they capture what a visitor types and does, or recognise a device
 * without cookies); advertising, affiliate, social, analytics and customer-data tools are medium
 * (they follow people across visits or sites); tag managers and A/B testing are low (a tag manager
 * itself collects little, what it loads is reported on its own; a test tool mostly records which
 * variant was shown).
 */
export const TRACKER_TYPE_RULES: Readonly<Record<TrackerFindingType, { group: FindingGroup; risk: RiskLevel }>> = {
  tracker_advertising: { group: 'socialMedia', risk: 'medium' },
  tracker_social: { group: 'socialMedia', risk: 'medium' },
  tracker_filter_list: { group: 'socialMedia', risk: 'medium' },
  tracker_session_recording: { group: 'metadata', risk: 'high' },
  tracker_fingerprinting: { group: 'metadata', risk: 'high' },
  tracker_analytics: { group: 'metadata', risk: 'medium' },
  tracker_customer_data: { group: 'metadata', risk: 'medium' },
  tracker_tag_manager: { group: 'metadata', risk: 'low' },
  tracker_ab_testing: { group: 'metadata', risk: 'low' },
};

interface CategoryRule {
  /** The finding it becomes (its group and risk are the type's: TRACKER_TYPE_RULES). */
  type: TrackerFindingType;
  /** The kind of tracking, as a noun phrase: "session recording". */
  label: string;
  /** What it does to visitors, one sentence. */
  does: string;
}

/**
 * How each tracker category becomes a finding. Consent managers give no finding: they are how
 * visitors refuse tracking, and being in the catalogue keeps them out of the unknown third parties.
 */
export const TRACKER_FINDING_RULES: Readonly<Record<TrackerCategory, CategoryRule | null>> = {
  advertising: { type: 'tracker_advertising', label: 'advertising tracking', does: 'Ad companies use it to follow visits for targeting, retargeting and measuring ads.' },
  affiliate: { type: 'tracker_advertising', label: 'affiliate tracking', does: 'Clicks and purchases are followed to pay commissions to the sites that sent the visitor.' },
  social: { type: 'tracker_social', label: 'social media embedding', does: "The network learns that this page was opened, often tied to the visitor's account there." },
  [FILTER_LIST_CATEGORY]: {
    type: 'tracker_filter_list',
    label: 'advertising or tracking',
    does: 'The filter list this Footprint instance loads names it as advertising or tracking; who runs it is not known.',
  },
  'session recording': { type: 'tracker_session_recording', label: 'session recording', does: 'Clicks, scrolling and often typing are recorded so visits can be replayed.' },
  fingerprinting: { type: 'tracker_fingerprinting', label: 'device fingerprinting', does: 'Device and browser details are read to recognise the device without cookies.' },
  analytics: { type: 'tracker_analytics', label: 'visitor analytics', does: 'Visits are measured and each visitor is followed across pages and return visits.' },
  'customer data platform': { type: 'tracker_customer_data', label: 'customer data collection', does: 'Visitor events are collected to build and join customer profiles.' },
  'marketing automation': { type: 'tracker_customer_data', label: 'marketing automation', does: 'Visits are tied to marketing e-mail and customer records.' },
  'tag manager': { type: 'tracker_tag_manager', label: 'tag management', does: 'It loads whatever other tags the site chooses, and can add new ones at any time.' },
  'A/B testing': { type: 'tracker_ab_testing', label: 'A/B testing', does: 'Visitors are assigned to experiments and what they do next is recorded.' },
  consent: null,
};

/** Evidence stays small: this many request lines per finding, each URL cut to this length. */
export const MAX_EVIDENCE_LINES = 8;
const MAX_URL_CHARS = 200;
/** The unknown-third-parties summary lists this many domains. */
export const MAX_UNKNOWN_DOMAINS = 15;

/**
 * The third parties of a page: every script, frame, image or pixel (noscript ones included),
 * stylesheet, preconnect/dns-prefetch/preload hint, media and form target whose registrable domain
 * (Public Suffix List, private suffixes included, so two github.io sites are two parties) differs
 * from the page's, plus tracker loaders found inside inline scripts (URLs such as
 * googletagmanager.com/gtag/js, and snippets such as `fbq('init', …)` or `_hjSettings`).
 *
 * Each catalogue match becomes one finding per company and category, with every request as
 * evidence (capped). Third parties the catalogue does not know become one low-risk summary in
 * `metadata`: each of them still receives every visitor's IP address and browser details, which
 * is worth knowing, but it is one finding whatever their number so ordinary CDNs cannot sink the
 * score. URLs seen only inside scripts count only when they name a known tracker: a script's
 * strings are not all requests.
 */
export interface ThirdPartyOptions {
  /** What the page requested while it ran in the browser (attempted requests included). */
  requests?: readonly CapturedRequest[];
  /** Categories another check reports (session recording, when the browser test ran). */
  omitCategories?: readonly TrackerCategory[];
}

export function analyzeThirdParties(page: FetchedPage, catalogue: TrackerMatcher, options: ThirdPartyOptions = {}): Finding[] {
  const pageUrl = parseHttpUrl(page.url);
  if (!pageUrl) return [];
  const omitted = new Set(options.omitCategories ?? []);
  const party = new PartyOf(pageUrl.hostname);
  const trackers = new Map<string, TrackerGroup>();
  const unknown = new Map<string, string>();

  const note = (entry: TrackerEntry, line: string) => {
    if (!TRACKER_FINDING_RULES[entry.category] || omitted.has(entry.category)) return;
    const key = `${entry.company}\n${entry.category}`;
    let group = trackers.get(key);
    if (!group) trackers.set(key, (group = { company: entry.company, category: entry.category, names: new Set(), domains: new Set(), lines: new Set(), listed: false }));
    if (entry.listed) group.listed = true;
    group.names.add(entry.name ?? entry.company);
    group.domains.add(entry.domain);
    group.lines.add(line);
  };

  for (const reference of loadedReferences(page, pageUrl, options.requests)) {
    if (reference.kind === 'snippet') {
      const entry = party.isThirdParty(reference.host) ? catalogue.match(reference.host) : undefined;
      if (entry) note(entry, `${reference.element}: ${truncate(reference.excerpt, 120)}`);
      continue;
    }
    const { url, element } = reference;
    if (!party.isThirdParty(url.hostname)) continue;
    const entry = refine(url, catalogue.match(url.hostname), catalogue);
    if (entry) {
      note(entry, `${element}: ${shorten(url.href)}`);
    } else if (!reference.fromScriptText) {
      const domain = party.siteOf(url.hostname);
      if (!unknown.has(domain)) unknown.set(domain, `${element}: ${shorten(url.href)}`);
    }
  }

  const findings = [...trackers.values()].map(trackerFinding);
  if (unknown.size > 0) findings.push(unknownFinding(unknown));
  return findings;
}

/** One request (or reference) per third party: its element and URL without query or fragment (cache busters and ids differ per visit). */
export interface ThirdPartyExample {
  domain: string;
  example: string;
}

/**
 * Every third party of a page (by registrable domain, each with one example of what loaded it),
 * and the known trackers among them with their registrable domains, sorted: for comparing scans.
 */
export function thirdPartyInventory(page: FetchedPage, catalogue: TrackerMatcher, options: Pick<ThirdPartyOptions, 'requests'> = {}): {
  domains: string[];
  examples: ThirdPartyExample[];
  trackers: InventoryTracker[];
  referencedTrackers: InventoryTracker[];
} {
  const pageUrl = parseHttpUrl(page.url);
  if (!pageUrl) return { domains: [], examples: [], trackers: [], referencedTrackers: [] };
  const party = new PartyOf(pageUrl.hostname);
  const examples = new Map<string, string>();
  const trackersOf = (references: Reference[], withExamples: boolean) => {
    const trackers = new Map<string, { name: string; company: string; category: string; domains: Set<string> }>();
    for (const reference of references) {
      const host = reference.kind === 'snippet' ? reference.host : reference.url.hostname;
      if (!party.isThirdParty(host)) continue;
      const entry = reference.kind === 'snippet' ? catalogue.match(host) : refine(reference.url, catalogue.match(host), catalogue);
      if (withExamples && reference.kind === 'url' && !(reference.fromScriptText && !entry)) {
        const domain = party.siteOf(host);
        if (!examples.has(domain)) examples.set(domain, `${reference.element}: ${shorten(`${reference.url.origin}${reference.url.pathname}`)}`);
      }
      if (entry && TRACKER_FINDING_RULES[entry.category]) {
        const name = entry.category === FILTER_LIST_CATEGORY ? entry.domain : (entry.name ?? entry.company);
        const key = `${name}|${entry.category}`;
        const tracker = trackers.get(key) ?? { name, company: entry.company, category: entry.category, domains: new Set<string>() };
        tracker.domains.add(party.siteOf(host));
        trackers.set(key, tracker);
      }
    }
    return trackers;
  };
  const listed = (trackers: ReturnType<typeof trackersOf>, leaveOut = new Set<string>()) =>
    [...trackers.entries()]
      .filter(([key]) => !leaveOut.has(key))
      .map(([, t]) => ({ name: t.name, company: t.company, category: t.category, domains: [...t.domains].sort() }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.category.localeCompare(b.category));
  const loaded = trackersOf(loadedReferences(page, pageUrl, options.requests), true);
  // Rendered: what the page's code names but the visit never requested is listed apart.
  const inCode = options.requests ? trackersOf(collectReferences(page.html, pageUrl), false) : new Map();
  const domains = [...examples.keys()].sort();
  return {
    domains,
    examples: domains.map((domain) => ({ domain, example: examples.get(domain)! })),
    trackers: listed(loaded),
    referencedTrackers: listed(inCode, new Set(loaded.keys())),
  };
}

export interface InventoryTracker {
  name: string;
  company: string;
  category: string;
  domains: string[];
}

/**
 * What the page loaded: when it ran in the browser, only what it requested or tried to request
 * (a tag that only sits in the HTML, consent-gated, commented out or waiting for a click, did not
 * run); without the browser, what its HTML loads.
 */
function loadedReferences(page: FetchedPage, pageUrl: URL, requests: readonly CapturedRequest[] | undefined): Reference[] {
  return requests ? requestReferences(requests) : collectReferences(page.html, pageUrl);
}

interface TrackerGroup {
  company: string;
  category: TrackerCategory;
  names: Set<string>;
  domains: Set<string>;
  lines: Set<string>;
  /** Some of it was named by the fetched tracker list (the finding's source says so). */
  listed: boolean;
}

function trackerFinding(group: TrackerGroup): Finding {
  const rule = TRACKER_FINDING_RULES[group.category]!;
  const { group: findingGroup, risk } = TRACKER_TYPE_RULES[rule.type];
  const filterList = group.category === FILTER_LIST_CATEGORY;
  const value = filterList ? [...group.domains].join(', ') : [...group.names].join(', ');
  const summary = filterList
    ? `${value}: ${rule.label} loaded by this page. ${group.domains.size === 1 ? rule.does : rule.does.replace(/\bit\b/g, 'them')}`
    : `${value}: ${rule.label} by ${group.company}, loaded by this page. ${rule.does}`;
  return {
    group: findingGroup,
    detail: {
      kind: 'risk',
      type: rule.type,
      value: truncate(value, 300),
      source: filterList ? FINDING_SOURCES.trackerFilterList : group.listed ? FINDING_SOURCES.trackerList : FINDING_SOURCES.trackerCatalogue,
      risk,
      evidence: { summary: truncate(summary, 500), observed: cappedLines([...group.lines], MAX_EVIDENCE_LINES) },
    },
  };
}

function unknownFinding(unknown: Map<string, string>): Finding {
  const domains = [...unknown.keys()];
  const count = domains.length === 1 ? 'one third-party domain' : `${domains.length} third-party domains`;
  return {
    group: 'metadata',
    detail: {
      kind: 'risk',
      type: 'third_party_unknown',
      value: truncate(domains.slice(0, MAX_UNKNOWN_DOMAINS).join(', ') + (domains.length > MAX_UNKNOWN_DOMAINS ? ', …' : ''), 300),
      source: FINDING_SOURCES.thirdPartyCheck,
      risk: 'low',
      evidence: {
        summary: `This page also loads from ${count} that Footprint's tracker catalogue does not list; each one still receives every visitor's IP address and browser details`,
        observed: cappedLines(domains.map((domain) => `${domain} (${unknown.get(domain)})`), MAX_UNKNOWN_DOMAINS),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the page

/** The browser's requests as references: every one the page made or tried to make. */
function requestReferences(requests: readonly CapturedRequest[]): Reference[] {
  const references: Reference[] = [];
  for (const request of requests) {
    const url = parseHttpUrl(request.url.replace(/^ws(s?):/i, 'http$1:'));
    if (!url) continue;
    const element = `${request.resourceType} request while the page ran${request.outcome === 'failed' ? ' (did not complete)' : ''}`;
    references.push({ kind: 'url', url, element, fromScriptText: false });
  }
  return references;
}

/** The catalogue entry of a request URL, with the per-path refinements (gtag.js by its id, facebook.com/tr, …). */
export function trackerOfUrl(url: URL, catalogue: TrackerMatcher): TrackerEntry | undefined {
  return refine(url, catalogue.match(url.hostname.toLowerCase()), catalogue);
}

type Reference =
  | { kind: 'url'; url: URL; element: string; fromScriptText: boolean }
  | { kind: 'snippet'; host: string; excerpt: string; element: string };

/** Script types a browser runs; anything else is data or a template, except `text/plain` (see below). */
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript', 'text/jscript']);
/** Consent managers park scripts as text/plain until the visitor agrees: the tracker is still the site's choice. */
const HELD_SCRIPT_TYPES = new Set(['text/plain']);
const HINT_RELS: Record<string, string> = {
  stylesheet: 'stylesheet',
  preconnect: 'preconnect hint',
  'dns-prefetch': 'dns-prefetch hint',
  preload: 'preload hint',
  modulepreload: 'preload hint',
  prefetch: 'prefetch hint',
  icon: 'icon',
};

/** Every third-party candidate of the page, in document order. */
function collectReferences(html: string, pageUrl: URL): Reference[] {
  const references: Reference[] = [];
  let base = pageUrl;
  let baseSeen = false;
  let noscriptDepth = 0;
  let script: { text: string; label: string } | undefined;

  const add = (value: string | undefined, element: string) => {
    const url = value === undefined ? undefined : resolveHttpUrl(value, base);
    if (url) references.push({ kind: 'url', url, element: noscriptDepth > 0 ? `noscript ${element}` : element, fromScriptText: false });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        switch (name) {
          case 'base':
            // The first <base href> decides how later relative URLs resolve.
            if (!baseSeen && attributes.href !== undefined) {
              baseSeen = true;
              base = resolveHttpUrl(attributes.href, pageUrl) ?? base;
            }
            break;
          case 'script': {
            const type = (attributes.type ?? '').trim().toLowerCase();
            const held = HELD_SCRIPT_TYPES.has(type);
            if (!held && !SCRIPT_TYPES.has(type)) break;
            const suffix = held ? ' (held back until consent)' : '';
            if (attributes.src !== undefined) add(attributes.src, `script src${suffix}`);
            else script = { text: '', label: `inline script${suffix}` };
            break;
          }
          case 'iframe':
          case 'frame':
            add(attributes.src, `${name} src`);
            break;
          case 'img': {
            const label = isPixel(attributes) ? 'img src (1×1 pixel)' : 'img src';
            add(attributes.src, label);
            for (const candidate of srcsetUrls(attributes.srcset)) add(candidate, 'img srcset');
            break;
          }
          case 'source':
            add(attributes.src, 'media source');
            for (const candidate of srcsetUrls(attributes.srcset)) add(candidate, 'picture source');
            break;
          case 'video':
          case 'audio':
            add(attributes.src, `${name} src`);
            if (name === 'video') add(attributes.poster, 'video poster');
            break;
          case 'embed':
            add(attributes.src, 'embed src');
            break;
          case 'object':
            add(attributes.data, 'object data');
            break;
          case 'input':
            if ((attributes.type ?? '').toLowerCase() === 'image') add(attributes.src, 'input image');
            add(attributes.formaction, 'form action');
            break;
          case 'button':
            add(attributes.formaction, 'form action');
            break;
          case 'form':
            add(attributes.action, 'form action');
            break;
          case 'link': {
            const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
            const rel = rels.find((token) => token in HINT_RELS);
            if (rel) add(attributes.href, HINT_RELS[rel]);
            break;
          }
          case 'noscript':
            noscriptDepth += 1;
            break;
        }
      },
      ontext(text) {
        if (script) script.text += text;
      },
      onclosetag(name) {
        if (name === 'noscript' && noscriptDepth > 0) noscriptDepth -= 1;
        if (name === 'script' && script) {
          references.push(...inlineScriptReferences(script.text, script.label, base));
          script = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return references;
}

/** Absolute or protocol-relative URLs in script text: `https://host/…`, `//host/…`, JSON-escaped `https:\/\/host\/…`. */
const SCRIPT_URL = /(?:https?:)?\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:[/?#][^\s'"`<>\\)]*)?/gi;

/**
 * Tracker snippets that may not spell out a URL (or that build it from pieces): the host they
 * load from, so the catalogue names the company.
 */
const SNIPPET_SIGNATURES: readonly { pattern: RegExp; host: string }[] = [
  { pattern: /\bfbq\s*\(\s*['"]init['"][^)\n]{0,60}\)?/, host: 'connect.facebook.net' },
  { pattern: /\b_hjSettings\s*=\s*\{[^}\n]{0,60}\}?/, host: 'static.hotjar.com' },
  { pattern: /\bgtag\s*\(\s*['"]config['"]\s*,\s*['"](?:G|UA)-[^)\n]{0,40}\)?/, host: 'google-analytics.com' },
  { pattern: /\bgtag\s*\(\s*['"]config['"]\s*,\s*['"]AW-[^)\n]{0,40}\)?/, host: 'googleadservices.com' },
  { pattern: /\bga\s*\(\s*['"]create['"][^)\n]{0,60}\)?/, host: 'google-analytics.com' },
  { pattern: /\b_linkedin_partner_id\s*=[^;\n]{0,40}/, host: 'snap.licdn.com' },
  { pattern: /\bttq\.load\s*\([^)\n]{0,60}\)?/, host: 'analytics.tiktok.com' },
  { pattern: /\btwq\s*\(\s*['"](?:config|init)['"][^)\n]{0,60}\)?/, host: 'static.ads-twitter.com' },
  { pattern: /\bpintrk\s*\(\s*['"]load['"][^)\n]{0,60}\)?/, host: 'ct.pinterest.com' },
  { pattern: /\bsnaptr\s*\(\s*['"]init['"][^)\n]{0,60}\)?/, host: 'tr.snapchat.com' },
  { pattern: /\brdt\s*\(\s*['"]init['"][^)\n]{0,60}\)?/, host: 'alb.reddit.com' },
  { pattern: /\bqp\s*\(\s*['"]init['"][^)\n]{0,60}\)?/, host: 'q.quora.com' },
  { pattern: /\b_fs_org\b[^;\n]{0,40}/, host: 'edge.fullstory.com' },
  { pattern: /\b_mfq\b[^;\n]{0,40}/, host: 'cdn.mouseflow.com' },
  { pattern: /\bsmartlook\s*\(\s*['"]init['"][^)\n]{0,60}\)?/, host: 'web-sdk.smartlook.com' },
  { pattern: /\bLogRocket\.init\s*\([^)\n]{0,60}\)?/, host: 'cdn.logrocket.io' },
  { pattern: /\b__insp\b[^;\n]{0,40}/, host: 'cdn.inspectlet.com' },
  { pattern: /\bmixpanel\.init\s*\([^)\n]{0,60}\)?/, host: 'cdn.mxpnl.com' },
  { pattern: /\bheap\.load\s*\([^)\n]{0,60}\)?/, host: 'cdn.heapanalytics.com' },
];

function inlineScriptReferences(text: string, label: string, base: URL): Reference[] {
  const unescaped = text.includes('\\/') ? text.replace(/\\\//g, '/') : text;
  const references: Reference[] = [];
  for (const [raw] of unescaped.matchAll(SCRIPT_URL)) {
    const url = resolveHttpUrl(raw, base);
    if (url) references.push({ kind: 'url', url, element: label, fromScriptText: true });
  }
  for (const { pattern, host } of SNIPPET_SIGNATURES) {
    const found = pattern.exec(unescaped);
    if (found) references.push({ kind: 'snippet', host, excerpt: found[0].replace(/\s+/g, ' ').trim(), element: `${label} (snippet)` });
  }
  return references;
}

/**
 * Some hosts serve more than one product: the path says which. Google's gtag.js is Analytics or
 * Ads by its ID; facebook.com/tr is the pixel's image fallback; connect.facebook.net's sdk.js is
 * the social plug-in, not the pixel; Pinterest's and Reddit's tags load from their content hosts.
 */
function refine(url: URL, entry: TrackerEntry | undefined, catalogue: TrackerMatcher): TrackerEntry | undefined {
  if (!entry) return undefined;
  const host = refinedHost(url, entry.domain);
  return host ? (catalogue.match(host) ?? entry) : entry;
}

function refinedHost(url: URL, domain: string): string | undefined {
  switch (domain) {
    case 'googletagmanager.com': {
      if (url.pathname !== '/gtag/js') return undefined;
      const id = (url.searchParams.get('id') ?? '').toUpperCase();
      if (id.startsWith('G-') || id.startsWith('UA-')) return 'google-analytics.com';
      if (id.startsWith('AW-')) return 'googleadservices.com';
      if (id.startsWith('DC-')) return 'doubleclick.net';
      return undefined;
    }
    case 'facebook.com':
      return /^\/tr\/?$/.test(url.pathname) ? 'connect.facebook.net' : undefined;
    case 'connect.facebook.net':
      return /\/(?:sdk|xfbml)[^/]*\.js$/.test(url.pathname) ? 'facebook.com' : undefined;
    case 'pinimg.com':
      return url.pathname.startsWith('/ct/') ? 'ct.pinterest.com' : undefined;
    case 'redditstatic.com':
      return url.pathname.startsWith('/ads/') ? 'alb.reddit.com' : undefined;
    default:
      return undefined;
  }
}

/** First or third party, by registrable domain (a bare IP or single-label host is its own party). */
class PartyOf {
  private readonly site: string;
  private readonly cache = new Map<string, string>();

  constructor(pageHost: string) {
    this.site = this.siteOf(pageHost);
  }

  siteOf(host: string): string {
    let site = this.cache.get(host);
    if (site === undefined) {
      const bare = host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
      site = getDomain(bare, { allowPrivateDomains: true }) ?? bare;
      this.cache.set(host, site);
    }
    return site;
  }

  isThirdParty(host: string): boolean {
    return this.siteOf(host) !== this.site;
  }
}

function isPixel(attributes: Record<string, string>): boolean {
  const size = (value: string | undefined) => (value === undefined ? undefined : Number.parseInt(value, 10));
  const width = size(attributes.width);
  const height = size(attributes.height);
  return (width !== undefined && width <= 1) || (height !== undefined && height <= 1);
}

function srcsetUrls(srcset: string | undefined): string[] {
  if (!srcset) return [];
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url): url is string => Boolean(url));
}

function resolveHttpUrl(value: string, base: URL): URL | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function parseHttpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function cappedLines(lines: string[], max: number): string {
  const shown = lines.slice(0, max);
  if (lines.length > max) shown.push(`… and ${lines.length - max} more`);
  return shown.join('\n');
}

function shorten(url: string): string {
  return truncate(url, MAX_URL_CHARS);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
