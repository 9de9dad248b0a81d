import { Box, List, Spinner, Text } from '@chakra-ui/react';
import { CheckCircleIcon, CircleIcon } from '../components/icons';
import { checkLine } from './scan-display';
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

/**
 * Which checks ran and how each ended, so a person sees what was not checked and why, and what a
 * check that ran wants everyone to know (the website check's security-header grade). Lines change
 * as checks finish; the list is a polite live region.
 */
export function CheckList({ checks, label }: { checks: CheckProgress[]; label: string }) {
  return (
    <Box aria-live="polite" aria-label={label} role="region">
      <List.Root gap="1.5" listStyle="none">
        {checks.map((check) => (
          <List.Item key={check.id} display="flex" gap="2" alignItems="flex-start" data-status={check.report?.status ?? 'pending'}>
            <StatusMark report={check.report} />
            <Box>
              <Text color="fg">{checkLine(check.label, check.report)}</Text>
              {check.report?.message && (
                <Text fontSize="sm" color="fg.muted">
                  {check.report.message}
                </Text>
              )}
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
