import { Alert, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import { useMyReport } from '../reports/use-my-report';
import { formatDateTime } from '../format';
import { ReportDownloads } from '../reports/ReportDownloads';
import { ReportView } from '../reports/ReportView';

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
            <Text color="fg.muted">
              Generated <time dateTime={state.data.generatedAt}>{formatDateTime(state.data.generatedAt)}</time>
            </Text>
          )}
        </Stack>
        {state.status === 'ready' && <ReportDownloads pdfAvailable={state.data.pdfAvailable} />}
      </Flex>

      {state.status === 'loading' && <LoadingBlock>Loading your report...</LoadingBlock>}

      {state.status === 'error' && <LoadFailed title="Failed to load your report." onRetry={retry} mt="8" />}

      {state.status === 'ready' && (
        <Stack gap="8" mt="8">
          {state.data.sample && (
            <Alert.Root status="warning" data-testid="sample-label">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Sample report</Alert.Title>
                <Alert.Description>
                  You have no scans yet, so this shows example figures, not yours. Run a privacy scan from your{' '}
                  <Link asChild color="blue.fg" fontWeight="medium" textDecoration="underline">
                    <RouterLink to="/dashboard">dashboard</RouterLink>
                  </Link>{' '}
                  and your own report appears here.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <ReportView report={state.data} />
        </Stack>
      )}
    </Container>
  );
}
