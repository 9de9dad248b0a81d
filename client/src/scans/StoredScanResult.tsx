import { Alert, Button, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import type { ExifAnalysis } from '../exif/exif-upload';
import { formatDateTime } from '../format';
import { useQuery } from '../hooks/use-query';
import type { AnalysisResult } from './scan-types';

/*
 * A stored result as the history page opens it (/history?scan=…). Drawn with Chakra components like
 * the scan's own result, whose code it loads; the history's list is drawn without them
 * (pages/HistoryPage.tsx), so this module and Chakra's runtime come only when a result is opened.
 */

type ScanRecord = components['schemas']['ScanRecordDto'];

/** How often a queued scan's page looks again for its result (the server's runner looks every 30 s). */
const QUEUED_POLL_MS = 30_000;

const ScanResults = lazy(() => import('./ScanResults'));
const ExifFindingItem = lazy(() => import('../exif/ExifCheckWidget').then((m) => ({ default: m.FindingItem })));

/** One stored result (GET /api/scans/{id}), as the scan showed it. */
export function StoredResult({ id }: { id: string }) {
  const navigate = useNavigate();
  const [state, retry] = useQuery(`scan:${id}`, async () => (await api.GET('/api/scans/{id}', { params: { path: { id } } })).data, { keepPrevious: true });
  const waiting = state.status === 'ready' && (state.data.status === 'queued' || state.data.status === 'running');
  // A queued (or running) scan is looked at again until it has its result.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(retry, QUEUED_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, retry]);
  const back = (
    <Button variant="outline" size="sm" onClick={() => navigate(-1)}>
      Back to history
    </Button>
  );
  if (state.status === 'loading') return <LoadingBlock>Loading the result…</LoadingBlock>;
  if (state.status === 'error') return <LoadFailed title="Failed to load this scan. It may have been deleted after the retention period." onRetry={retry} mt="6" />;
  const scan: ScanRecord = state.data;
  return (
    <Stack gap="6" mt="6" data-testid="stored-result">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text color="fg.muted">
          {scan.scanType === 'image' ? 'Image check' : 'Privacy scan'} of <strong>{scan.input}</strong>, started{' '}
          <time dateTime={scan.startedAt}>{formatDateTime(scan.startedAt)}</time>
        </Text>
        {back}
      </Flex>
      {scan.result === null ? (
        <Alert.Root status={scan.status === 'failed' ? 'error' : 'info'}>
          <Alert.Indicator />
          {scan.status === 'queued' && scan.expectedBy ? (
            <Alert.Content>
              <Alert.Title>
                Queued, expected by <time dateTime={scan.expectedBy}>{formatDateTime(scan.expectedBy)}</time>
              </Alert.Title>
              <Alert.Description>The breach services this server uses were at their request limit. This page shows the result once the scan has run.</Alert.Description>
            </Alert.Content>
          ) : (
            <Alert.Content>
              <Alert.Title>{scan.status === 'failed' ? 'This scan could not finish: no result was stored.' : 'This scan is still running.'}</Alert.Title>
              {scan.status === 'failed' && scan.failureReason ? <Alert.Description>{scan.failureReason}</Alert.Description> : null}
            </Alert.Content>
          )}
        </Alert.Root>
      ) : (
        <Suspense fallback={<LoadingBlock>Loading the result…</LoadingBlock>}>
          {scan.scanType === 'image' ? (
            <ImageResult analysis={scan.result as ExifAnalysis} />
          ) : (
            <ScanResults result={scan.result as AnalysisResult} headingAs="h2" onScanAnother={() => navigate('/dashboard')} />
          )}
        </Suspense>
      )}
    </Stack>
  );
}

function ImageResult({ analysis }: { analysis: ExifAnalysis }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Metadata findings
        </Heading>
        {analysis.findings.length === 0 ? (
          <Text>No personal metadata was found in this image.</Text>
        ) : (
          <List.Root as="ul" listStyle="none" gap="3" ms="0">
            {analysis.findings.map((finding, index) => (
              <ExifFindingItem key={`${finding.category}-${index}`} finding={finding} />
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

