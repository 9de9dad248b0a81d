/** How the report reads on screen: the trend arrow, the category names and level colours. */
import type { CategoryLevel, PrivacyTrend, Report } from './report-types';

export interface TrendDisplay {
  arrow: '↓' | '↑' | '→';
  words: string;
  /** A rising privacy score is good news. */
  palette: 'green' | 'red' | 'gray';
}

export const TREND_DISPLAY: Record<PrivacyTrend, TrendDisplay> = {
  improving: { arrow: '↑', words: 'Improving', palette: 'green' },
  worsening: { arrow: '↓', words: 'Worsening', palette: 'red' },
  flat: { arrow: '→', words: 'Flat', palette: 'gray' },
};

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
