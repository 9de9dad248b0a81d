/**
 * The labelled demo, never passed off as a real result: used only when no real check could run
 * at all, never stored. Every detail says "Sample" and is made up; the numbers stay within the
 * demo ranges below. Drawn from a small PRNG seeded by a hash of the input, so the same input
 * always shows the same demo, and nothing here is random in the Math.random sense.
 * Pure JavaScript (no Node APIs), like the rest of the analysis.
 */
import type { DemoBreachDetail, FindingDetail, FindingGroup, RiskDetail } from '../../vocabulary/finding.types';
import type { Recommendation } from '../../vocabulary/recommendation.types';
import { RISK_ORDER, type RiskLevel } from '../../vocabulary/risk.types';
import { FINDING_SOURCES, GOOD_PRACTICE_RECOMMENDATIONS } from '../../vocabulary/recommendation.catalogue';

export interface DemoGroup {
  count: number;
  details: FindingDetail[];
  summary: string;
}

export interface DemoResult {
  privacyScore: number;
  groups: Record<FindingGroup, DemoGroup>;
  recommendations: Recommendation[];
}

/** The demo's ranges, inclusive: wide enough to look like a real result, never a real one. */
export const DEMO_RANGES = {
  privacyScore: [60, 99],
  breaches: [0, 2],
  personalInfo: [1, 4],
  locationData: [0, 2],
  metadata: [0, 2],
  socialMedia: [1, 4],
  recommendations: 4,
} as const;

const SAMPLE_EVIDENCE = {
  summary: 'Sample data: no real check could run for this scan, so this is an example, not a fact about this input',
};

const DEMO_SERVICES = ['ExampleShop', 'SampleForum', 'DemoFitness', 'PlaceholderGames', 'MockTravel'];
const DEMO_DATA = ['email addresses and passwords', 'email addresses and names', 'email addresses, phone numbers and dates of birth'];
const DEMO_SEVERITIES = ['critical', 'high', 'medium'] as const;

const DEMO_RISKS: Readonly<Record<Exclude<FindingGroup, 'breaches'>, readonly string[]>> = {
  personalInfo: [
    'Sample: full name shown on a public profile',
    'Sample: phone number listed in an online directory',
    'Sample: employer and job title on a public profile',
    'Sample: date of birth visible on a social profile',
    'Sample: home town mentioned in a public bio',
  ],
  locationData: [
    'Sample: city shown on a public profile',
    'Sample: GPS position stored in a shared photo',
    'Sample: regular check-ins at the same place',
  ],
  metadata: [
    'Sample: camera model in the metadata of a shared photo',
    'Sample: tracking parameters in a shared link',
    "Sample: author's name in a shared document's metadata",
  ],
  socialMedia: [
    'Sample: friends list visible to everyone',
    'Sample: the same username on several sites',
    'Sample: posts visible to everyone',
    'Sample: tagged in public photos',
    'Sample: profile findable by email address',
  ],
};

const DEMO_NOUNS: Readonly<Record<FindingGroup, [string, string]>> = {
  breaches: ['example breach', 'example breaches'],
  personalInfo: ['example personal information item', 'example personal information items'],
  locationData: ['example location item', 'example location items'],
  metadata: ['example metadata risk', 'example metadata risks'],
  socialMedia: ['example social media risk', 'example social media risks'],
};

const SAMPLE_RISK_LEVELS: readonly RiskLevel[] = ['low', 'medium', 'high'];

/** The demo for an input; the same input (compared trimmed and lower-cased) always gives the same demo. */
export function demoResult(input: string): DemoResult {
  const random = mulberry32(fnv1a(input.trim().toLowerCase()));
  const between = ([min, max]: readonly [number, number]) => min + Math.floor(random() * (max - min + 1));

  const privacyScore = between(DEMO_RANGES.privacyScore);

  const breachCount = between(DEMO_RANGES.breaches);
  const breaches: DemoBreachDetail[] = pick(DEMO_SERVICES, breachCount, random).map((service) => {
    const date = `${between([2013, 2023])}-${pad(between([1, 12]))}-${pad(between([1, 28]))}`;
    return {
      kind: 'demo-breach',
      name: `Sample: ${service} (made-up breach)`,
      date,
      description: `Sample: a made-up breach of ${service} exposing ${DEMO_DATA[between([0, DEMO_DATA.length - 1])]}. Shown only because no real check could run.`,
      severity: DEMO_SEVERITIES[between([0, DEMO_SEVERITIES.length - 1])],
      source: FINDING_SOURCES.demo,
      evidence: SAMPLE_EVIDENCE,
    };
  });

  const risks = (group: Exclude<FindingGroup, 'breaches'>): RiskDetail[] =>
    pick(DEMO_RISKS[group], between(DEMO_RANGES[group]), random).map((value) => ({
      kind: 'risk',
      type: 'demo_sample',
      value,
      source: FINDING_SOURCES.demo,
      risk: SAMPLE_RISK_LEVELS[between([0, SAMPLE_RISK_LEVELS.length - 1])],
      evidence: SAMPLE_EVIDENCE,
    }));
  const personalInfo = risks('personalInfo');
  const locationData = risks('locationData');
  const metadata = risks('metadata');
  const socialMedia = risks('socialMedia');

  const recommendations = pick(GOOD_PRACTICE_RECOMMENDATIONS, DEMO_RANGES.recommendations, random)
    .map(({ category, action, priority }) => ({ category, action, priority }))
    .sort((a, b) => RISK_ORDER[b.priority] - RISK_ORDER[a.priority]);

  const group = (name: FindingGroup, details: FindingDetail[]): DemoGroup => ({ count: details.length, details, summary: demoSummary(name, details.length) });
  return {
    privacyScore,
    groups: {
      breaches: group('breaches', breaches),
      personalInfo: group('personalInfo', personalInfo),
      locationData: group('locationData', locationData),
      metadata: group('metadata', metadata),
      socialMedia: group('socialMedia', socialMedia),
    },
    recommendations,
  };
}

function demoSummary(group: FindingGroup, count: number): string {
  const [one, many] = DEMO_NOUNS[group];
  return `Sample: ${count === 0 ? 'no' : count} ${count === 1 ? one : many} (demo data, not a real result)`;
}

/** `count` distinct items, in a seeded shuffled order (a partial Fisher–Yates). */
function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

/** 32-bit FNV-1a over the UTF-16 code units of the text. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: a tiny 32-bit PRNG, values in [0, 1). Good enough to spread demo numbers. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
