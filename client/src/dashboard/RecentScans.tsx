import { Badge, Box, Flex, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { CheckCircleIcon, ClockIcon, CloseIcon } from '../components/icons';
import { riskTone } from '../exif/exif-display';
import { scoreTone } from '../scans/scan-display';
import { formatDateTime } from '../format';
import { statusDisplay } from './dashboard-display';
import type { ScanSummary } from './dashboard-types';

const STATUS_ICONS = { completed: CheckCircleIcon, failed: CloseIcon, 'in-progress': ClockIcon } as const;

/** A privacy scan's score (higher is better) or an image check's risk score (higher is worse). */
function ScanScore({ scan }: { scan: ScanSummary }) {
  if (scan.score === null) {
    return (
      <Text color="fg.muted" minW="20" textAlign="end" aria-label="No score">
        —
      </Text>
    );
  }
  const image = scan.scanType === 'image';
  const tone = image ? riskTone(scan.score) : scoreTone(scan.score);
  return (
    <Text
      minW="20"
      textAlign="end"
      fontWeight="bold"
      color={`${tone.palette}.fg`}
      data-tone={tone.palette}
      data-testid="recent-scan-score"
    >
      <VisuallyHidden>{image ? 'Risk score ' : 'Privacy score '}</VisuallyHidden>
      {scan.score}/100
    </Text>
  );
}

/** The latest scans (spec: input, start time, status icon, score, status badge), newest first. */
export function RecentScans({ scans }: { scans: ScanSummary[] }) {
  if (scans.length === 0) {
    return <Text color="fg.muted">No scans yet. Start your first privacy scan!</Text>;
  }
  return (
    <List.Root variant="plain" gap="0" aria-label="Recent scans">
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
                  {scan.input}
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
