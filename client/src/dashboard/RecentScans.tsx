import { Badge, Box, Flex, Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CheckCircleIcon, ClockIcon, CloseIcon } from '../components/icons';
import { capitalize, LEVEL_PALETTE, scoreTone } from '../scans/scan-display';
import { formatDateTime } from '../format';
import { statusDisplay } from './dashboard-display';
import type { ScanSummary } from './dashboard-types';

const STATUS_ICONS = { completed: CheckCircleIcon, failed: CloseIcon, 'in-progress': ClockIcon } as const;

/**
 * A privacy scan's privacy score (higher is better), labelled; an image check shows a labelled risk
 * level instead, never a number that could be read on the privacy scale.
 */
function ScanScore({ scan }: { scan: ScanSummary }) {
  if (scan.imageRiskLevel) {
    return (
      <Badge colorPalette={LEVEL_PALETTE[scan.imageRiskLevel]} variant="outline" minW="28" justifyContent="center" data-testid="recent-scan-risk">
        Image risk: {capitalize(scan.imageRiskLevel)}
      </Badge>
    );
  }
  if (scan.score === null) {
    return (
      <Text color="fg.muted" minW="28" textAlign="end" aria-label="No score">
        —
      </Text>
    );
  }
  const tone = scoreTone(scan.score);
  return (
    <Text minW="28" textAlign="end" color={`${tone.palette}.fg`} data-tone={tone.palette} data-testid="recent-scan-score">
      <Text as="span" fontSize="sm" color="fg.muted">
        Privacy score{' '}
      </Text>
      <Text as="span" fontWeight="bold">
        {scan.score}/100
      </Text>
    </Text>
  );
}

/** Where a scan's stored result opens: the history page with the scan selected. */
export const scanResultPath = (id: string) => `/history?scan=${encodeURIComponent(id)}`;

/**
 * Scans (spec: input, start time, status icon, score, status badge), newest first, each input a
 * link to its stored result. The dashboard's recent scans, and a page of the history.
 */
export function RecentScans({ scans, label = 'Recent scans', empty = 'No scans yet. Start your first privacy scan!' }: { scans: ScanSummary[]; label?: string; empty?: string }) {
  if (scans.length === 0) {
    return <Text color="fg.muted">{empty}</Text>;
  }
  return (
    <List.Root variant="plain" gap="0" aria-label={label}>
      {scans.map((scan) => {
        const status = statusDisplay(scan.status);
        const Icon = STATUS_ICONS[status.kind];
        return (
          <List.Item key={scan.id} data-testid="recent-scan" data-status={status.kind} borderBottomWidth="1px" py="3" _last={{ borderBottomWidth: 0 }}>
            <Flex align="center" gap="3" w="full" wrap={{ base: 'wrap', md: 'nowrap' }}>
              <Box color={`${status.palette}.fg`} fontSize="xl" flexShrink={0}>
                <Icon />
              </Box>
              {/* On narrow screens the score and badge move below the input. */}
              <Box flex="1 1 12rem" minW="0">
                <Text fontWeight="medium" truncate title={scan.input}>
                  <Link asChild color="fg" textDecoration="underline" textUnderlineOffset="3px">
                    <RouterLink to={scanResultPath(scan.id)}>{scan.input}</RouterLink>
                  </Link>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {scan.scanType === 'image' ? 'Image check' : 'Privacy scan'} · started{' '}
                  <time dateTime={scan.startedAt}>{formatDateTime(scan.startedAt)}</time>
                </Text>
              </Box>
              <ScanScore scan={scan} />
              <Badge colorPalette={status.palette} variant="subtle" minW="24" justifyContent="center" data-testid="recent-scan-status">
                {status.label}
              </Badge>
            </Flex>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
