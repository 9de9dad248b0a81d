/**
 * The one stored finding shape (vocabulary/finding.types.ts StoredFinding), made once when a scan
 * completes, from a privacy scan's result groups (an image check makes its own: images/stored-image-findings.mapper.ts). Pure.
 */
import type { FindingCounts } from './scan.entity';
import type { AnalysisResult } from './result/analysis.types';
import { type Evidence, FINDING_GROUPS, type StoredFinding } from '../vocabulary/finding.types';

/** A privacy result's findings in the order it lists them (demo details are never stored). */
export function storedFindingsOfResult(result: AnalysisResult): StoredFinding[] {
  return FINDING_GROUPS.flatMap((group) =>
    result[group].details.flatMap((detail): StoredFinding[] => {
      switch (detail.kind) {
        case 'breach':
          return [
            {
              kind: 'breach',
              type: 'breach',
              group,
              value: `${detail.title || detail.name} (${detail.breachDate})`,
              risk: detail.risk,
              source: detail.source,
              ...described(detail.evidence),
              breach: {
                name: detail.name,
                title: detail.title,
                breachDate: detail.breachDate,
                pwnCount: detail.pwnCount,
                dataClasses: detail.dataClasses,
                sources: detail.sources,
              },
            },
          ];
        case 'risk':
          return [{ kind: 'risk', type: detail.type, group, value: detail.value, risk: detail.risk, source: detail.source, ...described(detail.evidence) }];
        default:
          return [];
      }
    }),
  );
}

/** How long what was observed may be in a stored finding: one finding cannot swell a report. */
export const OBSERVED_MAX = 600;

/** The evidence sentence says what the finding means; what was observed (request URLs, cookie names, the field typed into) is kept cut. */
function described({ summary, observed = '' }: Evidence): Pick<StoredFinding, 'description' | 'evidence'> {
  return { description: summary, evidence: observed.length > OBSERVED_MAX ? `${observed.slice(0, OBSERVED_MAX - 1)}…` : observed };
}

/** How many stored findings each group has. */
export function countsOfFindings(findings: readonly StoredFinding[]): FindingCounts {
  const counts: FindingCounts = { breaches: 0, personalInfo: 0, locationData: 0, metadata: 0, socialMedia: 0 };
  for (const f of findings) counts[f.group] += 1;
  return counts;
}
