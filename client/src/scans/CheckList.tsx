import { Box, List, Spinner, Text } from '@chakra-ui/react';
import { CheckCircleIcon, CircleIcon } from '../components/icons';
import { checkLine, checkStatusText } from './scan-display';
import type { CheckReport } from './scan-types';

/** A check the scan announced; `report` arrives when it finishes. */
export interface CheckProgress {
  id: string;
  label: string;
  report?: CheckReport;
}

function StatusMark({ report }: { report?: CheckReport }) {
  if (!report) return <Spinner size="xs" color="blue.fg" flexShrink={0} mt="1" />;
  if (report.status === 'ok') return <CheckCircleIcon color="green.fg" flexShrink={0} mt="1" />;
  if (report.status === 'partial') return <CheckCircleIcon color="orange.fg" flexShrink={0} mt="1" />;
  return <CircleIcon color="orange.fg" flexShrink={0} mt="1" />;
}

/** Checks side by side that ended the same way for the same reason (a site that could not be reached stops every browser test). */
interface CheckGroup {
  checks: CheckProgress[];
  report?: CheckReport;
}

/** Consecutive finished checks that did not run, with one status and one message, are said once. */
export function groupChecks(checks: readonly CheckProgress[]): CheckGroup[] {
  const groups: CheckGroup[] = [];
  for (const check of checks) {
    const last = groups.at(-1);
    const report = check.report;
    const sameEnd =
      last?.report !== undefined && report !== undefined && report.status !== 'ok' && report.status !== 'partial' && report.findings === 0 && !!report.message && last.report.status === report.status && last.report.message === report.message;
    if (sameEnd) last.checks.push(check);
    else groups.push({ checks: [check], report });
  }
  return groups;
}

/**
 * Which checks ran and how each ended, so a person sees what was not checked and why, and what a
 * check that ran wants everyone to know (the website check's security-header grade). Checks that
 * did not run for one reason share a line. Lines change as checks finish; the list is a polite
 * live region.
 */
export function CheckList({ checks, label }: { checks: CheckProgress[]; label: string }) {
  return (
    <Box aria-live="polite" aria-label={label} role="region">
      <List.Root gap="1.5" listStyle="none">
        {groupChecks(checks).map(({ checks: members, report }) => (
          <List.Item key={members[0].id} display="flex" gap="2" alignItems="flex-start" data-status={report?.status ?? 'pending'} data-checks={members.length}>
            <StatusMark report={report} />
            <Box>
              <Text color="fg">
                {members.length === 1 ? checkLine(members[0].label, report) : `${members.map((m) => m.label).join('; ')}: ${checkStatusText(report)}`}
              </Text>
              {report?.message && (
                <Text fontSize="sm" color="fg.muted">
                  {report.message}
                </Text>
              )}
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
