import { Alert, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import { formatDateTime } from '../dashboard/dashboard-display';
import { ReportDownloads } from '../reports/ReportDownloads';
import type { Report } from '../reports/report-types';
import { ReportView } from '../reports/ReportView';

type ReportState = { status: 'loading' } | { status: 'ready'; report: Report } | { status: 'error' };

function useMyReport(): [ReportState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ReportState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api.GET('/api/reports/me').then(
      ({ data }) => live && setState(data ? { status: 'ready', report: data } : { status: 'error' }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, retry];
}

/** The user's real report (GET /api/reports/me); the spec's sample only while there are no scans, labelled. */
export default function ReportPage() {
  const [state, retry] = useMyReport();

  return (
    <Container maxW="6xl" py="10">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} gap="4" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Privacy Report
          </Heading>
          {state.status === 'ready' && (
            <Text color="gray.700">
              Generated <time dateTime={state.report.generatedAt}>{formatDateTime(state.report.generatedAt)}</time>
            </Text>
          )}
        </Stack>
        {state.status === 'ready' && <ReportDownloads pdfAvailable={state.report.pdfAvailable} />}
      </Flex>

      {state.status === 'loading' && <LoadingBlock>Loading your report...</LoadingBlock>}

      {state.status === 'error' && <LoadFailed title="Failed to load your report." onRetry={retry} mt="8" />}

      {state.status === 'ready' && (
        <Stack gap="8" mt="8">
          {state.report.sample && (
            <Alert.Root status="warning" data-testid="sample-label">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Sample report</Alert.Title>
                <Alert.Description>
                  You have no scans yet, so this shows example figures, not yours. Run a privacy scan from your{' '}
                  <Link asChild color="blue.700" fontWeight="medium" textDecoration="underline">
                    <RouterLink to="/dashboard">dashboard</RouterLink>
                  </Link>{' '}
                  and your own report appears here.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <ReportView report={state.report} />
        </Stack>
      )}
    </Container>
  );
}
