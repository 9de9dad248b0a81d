/**
 * The report's own vocabulary as data: how much each finding weighs in a category's risk, where a
 * category turns medium or high, what "a trend" is, and the sample shown before the first scan.
 */
import type { RiskLevel } from '../vocabulary/risk.types';
import type { CategoryLevel, ReportDto } from './reports.dto';

/**
 * Risk points per finding in a category's 0-100 score (capped at 100). A critical breach alone
 * makes its category medium; two high findings, or one critical and one medium, make it high.
 */
export const RISK_POINTS: Readonly<Record<RiskLevel, number>> = { low: 5, medium: 10, high: 20, critical: 30 };

/** A category's level from its score: 40 and above high, 20 to 39 medium, below 20 low. */
export const CATEGORY_LEVEL_FROM: Readonly<Record<Exclude<CategoryLevel, 'low'>, number>> = { high: 40, medium: 20 };

/**
 * What a trend of the privacy score needs: an input scanned at least `minScans` times over at least
 * `minDays` days, whose later half of scans moved `threshold` points or more from the earlier half.
 */
export const TREND_RULES = { minScans: 3, minDays: 7, threshold: 5 } as const;

/** The category under which the image check's advice appears in the report. */
export const IMAGE_RECOMMENDATION_CATEGORY = 'Image Metadata';

/**
 * Shown only to someone without any scan yet, labelled as a sample: what a report looks like,
 * with made-up inputs on reserved example domains. Written by us.
 */
export const SAMPLE_REPORT: Omit<ReportDto, 'generatedAt' | 'pdfAvailable' | 'sample' | 'requests'> = {
  summary: {
    totalScans: 4,
    averagePrivacyScore: 62,
    lastScanDate: '2026-01-15T09:30:00.000Z',
    privacyTrend: { direction: 'improving', inputs: 1, change: 8 },
    recommendationsCount: 3,
  },
  riskAssessment: {
    dataBreaches: { level: 'high', findings: 2 },
    oversharing: { level: 'low', findings: 1 },
    locationExposure: { level: 'low', findings: 1 },
    metadataRisks: { level: 'low', findings: 1 },
  },
  detailedFindings: {
    breachExposures: [
      {
        name: 'SampleShop',
        title: 'Sample Shop',
        breachDate: '2021-06-14',
        pwnCount: 1250000,
        dataClasses: ['Email addresses', 'Passwords', 'Phone numbers'],
        sources: ['hibp', 'xposedornot'],
        source: 'Have I Been Pwned and XposedOrNot',
        input: 'you@example.com',
      },
      {
        name: 'SampleForum',
        title: 'Sample Forum',
        breachDate: '2018-02-03',
        pwnCount: 310000,
        dataClasses: ['Email addresses', 'Usernames'],
        sources: ['xposedornot'],
        source: 'XposedOrNot',
        input: 'you@example.com',
      },
    ],
    privacyViolations: [
      {
        type: 'oversharing',
        riskLevel: 'medium',
        description: 'The public profile of this address shows your full name.',
        source: 'Gravatar',
        input: 'you@example.com',
        evidence: 'Name: Sam Sample',
        recommendation: 'Remove the name from public profiles you do not need to be found by.',
      },
      {
        type: 'location',
        riskLevel: 'medium',
        description: 'The public profile of this address shows the city you live in.',
        source: 'Gravatar',
        input: 'you@example.com',
        evidence: 'Location: Sampletown',
        recommendation: 'Remove the location from public profiles, or make it vaguer.',
      },
    ],
    metadataRisks: [
      {
        riskLevel: 'low',
        description: 'The photo names the camera that took it, which narrows down who took it.',
        source: 'EXIF',
        input: 'holiday.jpg',
        evidence: 'Sample Camera X100',
        recommendation: "Use 'Strip Metadata' to download a clean copy before sharing.",
      },
    ],
  },
  recommendations: [
    {
      category: 'Password Security',
      priority: 'critical',
      message: 'A password of yours was in a breach; anyone holding the list can try it on other sites.',
      action: 'Change the password of every account that used it, and use a password manager for unique passwords.',
    },
    {
      category: 'Profile Privacy',
      priority: 'medium',
      message: 'Your name and city on a public profile help others link your accounts together.',
      action: 'Remove the name and location from public profiles you do not need to be found by.',
    },
    {
      category: IMAGE_RECOMMENDATION_CATEGORY,
      priority: 'low',
      message: 'Photos carry details of the device that took them.',
      action: "Use 'Strip Metadata' to download a clean copy before sharing.",
    },
  ],
  websiteAudits: [],
};
