import { Alert, Box, Button, Card, Container, Flex, Heading, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import { RecentScans } from '../dashboard/RecentScans';
import type { ExifAnalysis } from '../exif/exif-upload';
import { formatDateTime } from '../format';
import { useQuery } from '../hooks/use-query';
import type { AnalysisResult } from '../scans/scan-types';

type Kind = components['schemas']['ScanHistoryKind'];
type ScanRecord = components['schemas']['ScanRecordDto'];

const PAGE_SIZE = 20;
/** How often a queued scan's page looks again for its result (the server's runner looks every 30 s). */
const QUEUED_POLL_MS = 30_000;
const KINDS: { value: Kind | ''; label: string }[] = [
  { value: '', label: 'All kinds' },
  { value: 'email', label: 'Email addresses' },
  { value: 'website', label: 'Websites' },
  { value: 'handle', label: 'Social handles' },
  { value: 'image', label: 'Images' },
];
const isKind = (value: string | null): value is Kind => KINDS.some((k) => k.value !== '' && k.value === value);

const ScanResults = lazy(() => import('../scans/ScanResults'));
const ExifFindingItem = lazy(() => import('../exif/ExifCheckWidget').then((m) => ({ default: m.FindingItem })));

/** The history's filters and page, kept in the address so that a result's "back" returns to them. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const input = params.get('input') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const scan = params.get('scan') ?? undefined;
  const update = (next: { kind?: Kind; input?: string; page?: number }) => {
    const fresh = new URLSearchParams();
    if (next.kind) fresh.set('kind', next.kind);
    if (next.input) fresh.set('input', next.input);
    if (next.page && next.page > 1) fresh.set('page', String(next.page));
    setParams(fresh);
  };
  return { kind, input, page, scan, update };
}

function Filters({ kind, input, onApply }: { kind?: Kind; input: string; onApply: (kind: Kind | undefined, input: string) => void }) {
  const [selected, setSelected] = useState<Kind | ''>(kind ?? '');
  const [text, setText] = useState(input);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(selected || undefined, text.trim());
  }
  return (
    <form onSubmit={submit} role="search" aria-label="Filter scans">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box flex="0 1 14rem">
          <label htmlFor="history-kind">
            <Text fontSize="sm" fontWeight="medium" mb="1.5">
              Kind
            </Text>
          </label>
          <NativeSelect.Root size="md">
            <NativeSelect.Field id="history-kind" value={selected} onChange={(event) => setSelected(event.target.value as Kind | '')}>
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Box flex="1 1 14rem">
          <label htmlFor="history-input">
            <Text fontSize="sm" fontWeight="medium" mb="1.5">
              Input contains
            </Text>
          </label>
          <input id="history-input" className="sh-input" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="example.com" />
        </Box>
        <Button type="submit" colorPalette="blue">
          Filter
        </Button>
      </Flex>
    </form>
  );
}

/** One stored result (GET /api/scans/{id}), as the scan showed it. */
function StoredResult({ id }: { id: string }) {
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
            <Alert.Title>{scan.status === 'failed' ? 'This scan could not finish: no result was stored.' : 'This scan is still running.'}</Alert.Title>
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

/** Every scan the user ran (GET /api/scans), newest first, a page at a time, filtered by kind and input. */
export default function HistoryPage() {
  const { kind, input, page, scan, update } = useHistoryParams();
  const key = `${kind ?? ''}|${input}|${page}`;
  const [state, retry] = useQuery(
    `history:${key}`,
    async () => (await api.GET('/api/scans', { params: { query: { page, pageSize: PAGE_SIZE, ...(kind ? { kind } : {}), ...(input ? { input } : {}) } } })).data,
    { keepPrevious: true },
  );

  if (scan) {
    return (
      <Container maxW="6xl" py="10">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Scan result
        </Heading>
        <StoredResult id={scan} />
      </Container>
    );
  }

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(kind || input);
  return (
    <Container maxW="6xl" py="10">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Scan history
        </Heading>
        <Button asChild variant="outline">
          <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
        </Button>
      </Flex>
      <Text mt="2" color="fg.muted">
        Every scan you ran, newest first. Results are kept for 30 days on the Free plan and 90 days on paid plans.
      </Text>
      <Card.Root variant="outline" mt="6">
        <Card.Body gap="5">
          {/* A new key remounts the form when the address changes (the browser's back button). */}
          <Filters key={`${kind ?? ''}|${input}`} kind={kind} input={input} onApply={(k, i) => update({ kind: k, input: i })} />
          {state.status === 'loading' && <LoadingBlock>Loading your scans…</LoadingBlock>}
          {state.status === 'error' && <LoadFailed title="Failed to load your scans." onRetry={retry} />}
          {state.status === 'ready' && (
            <>
              <Text color="fg.muted" fontSize="sm" role="status" data-testid="history-count">
                {state.data.total === 1 ? '1 scan' : `${state.data.total} scans`}
                {filtered ? ' match' : ''}
                {pages > 1 ? ` · page ${page} of ${pages}` : ''}
              </Text>
              <RecentScans
                scans={state.data.items}
                label="Scan history"
                empty={filtered ? 'No scans match these filters.' : 'No scans yet. Start your first privacy scan from the dashboard!'}
              />
              {pages > 1 && (
                <Flex as="nav" aria-label="History pages" gap="3" justify="space-between" align="center">
                  <Button variant="outline" disabled={page <= 1} onClick={() => update({ kind, input, page: page - 1 })}>
                    Newer
                  </Button>
                  <Text fontSize="sm">
                    Page {page} of {pages}
                  </Text>
                  <Button variant="outline" disabled={page >= pages} onClick={() => update({ kind, input, page: page + 1 })}>
                    Older
                  </Button>
                </Flex>
              )}
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
