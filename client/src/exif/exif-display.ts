/** How the image check's results look: the risk score's colours (higher is worse) and severities. */

export interface RiskTone {
  palette: 'red' | 'yellow' | 'green';
  bg: string;
  fg: string;
  label: string;
}

/** EXIF risk score: 70 and above red, 40 to 69 yellow, below 40 green (higher is riskier). */
export function riskTone(score: number): RiskTone {
  if (score >= 70) return { palette: 'red', bg: 'red.700', fg: 'white', label: 'High risk' };
  if (score >= 40) return { palette: 'yellow', bg: 'yellow.300', fg: 'gray.900', label: 'Medium risk' };
  return { palette: 'green', bg: 'green.700', fg: 'white', label: 'Low risk' };
}

export const SEVERITY_PALETTE: Record<'high' | 'medium' | 'low', string> = {
  high: 'red',
  medium: 'orange',
  low: 'gray',
};

export const SEVERITY_LABEL: Record<'high' | 'medium' | 'low', string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
