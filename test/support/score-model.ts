/**
 * The privacy score a result should carry by docs/SCORING.md, from the details it shows: for
 * results with details (signed-in viewers) and no hidden sensitive breach. Scored on the result's
 * own day, as the server does (a breach's age factor depends on it).
 */
import { classifyScanInput } from '../../server/src/browser-shared/scan-input.rules';
import { FINDING_GROUPS, type Finding, type FindingDetail } from '../../server/src/vocabulary/finding.types';
import { findingCost } from '../../server/src/scans/analysis/scoring.rules';

interface ScoredBody {
  input: string;
  startedAt: string;
  detailsIncluded: boolean;
  breaches: { hiddenSensitive: number };
}

export function modelScore(body: ScoredBody): number {
  if (!body.detailsIncluded || body.breaches.hiddenSensitive > 0) throw new Error('modelScore: the result does not show every finding');
  const input = classifyScanInput(body.input);
  const context = { at: new Date(body.startedAt), ...(input.kind === 'email' && input.domain ? { emailDomain: input.domain } : {}) };
  const groups = body as unknown as Record<string, { details: FindingDetail[] }>;
  const findings: Finding[] = FINDING_GROUPS.flatMap((group) => groups[group].details.map((detail) => ({ group, detail })));
  const lost = findings.reduce((sum, finding) => sum + findingCost(finding, context).points, 0);
  return Math.min(100, Math.max(0, 100 - lost));
}
