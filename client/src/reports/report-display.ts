/** How the report reads on screen: the trend arrow, the category names and level colours. */
import type { CategoryLevel, PrivacyTrend, Report } from './report-types';

export interface TrendDisplay {
  arrow: '↓' | '↑' | '→' | '';
  words: string;
  /** A rising privacy score is good news. */
  palette: 'green' | 'red' | 'gray';
}

export const TREND_DISPLAY: Record<PrivacyTrend['direction'], TrendDisplay> = {
  improving: { arrow: '↑', words: 'Improving', palette: 'green' },
  worsening: { arrow: '↓', words: 'Worsening', palette: 'red' },
  steady: { arrow: '→', words: 'Steady', palette: 'gray' },
  'not-enough-history': { arrow: '', words: 'Not enough history yet', palette: 'gray' },
};

/** The visible scale of every privacy score outside the image widget. */
export const PRIVACY_SCALE_NOTE = '0–100, higher is better';

/** What the trend is based on, in one line under it. */
export function trendBasis(trend: PrivacyTrend): string {
  if (trend.direction === 'not-enough-history') return 'A trend needs 3 scans of the same input over at least 7 days.';
  const inputs = trend.inputs === 1 ? '1 input' : `${trend.inputs} inputs`;
  const change = trend.change === null ? '' : `${trend.change > 0 ? '+' : ''}${trend.change} points, `;
  return `${change}from ${inputs} scanned at least 3 times over 7 days or more.`;
}

/** The risk assessment's four categories, in the spec's order and with its names. */
export const RISK_CATEGORIES: ReadonlyArray<{ key: keyof Report['riskAssessment']; title: string }> = [
  { key: 'dataBreaches', title: 'Data Breaches' },
  { key: 'oversharing', title: 'Oversharing' },
  { key: 'locationExposure', title: 'Location Exposure' },
  { key: 'metadataRisks', title: 'Metadata Risks' },
];

/** Category levels: risk, so high is red. */
export const CATEGORY_LEVEL_PALETTE: Record<CategoryLevel, 'green' | 'yellow' | 'red'> = {
  low: 'green',
  medium: 'yellow',
  high: 'red',
};

export const VIOLATION_TYPE_LABEL: Record<'oversharing' | 'location', string> = {
  oversharing: 'Oversharing',
  location: 'Location',
};
