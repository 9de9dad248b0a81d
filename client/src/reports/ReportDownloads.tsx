import { Alert, Button, Flex, Link, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '../components/toaster';
import { downloadReport, type ReportFormat } from './report-download';

/**
 * 'PDF' and 'CSV': the files of the user's report. The PDF is for Plus and above: on a plan without
 * it the button shows the upgrade prompt instead of downloading.
 */
export function ReportDownloads({ pdfAvailable }: { pdfAvailable: boolean }) {
  const [busy, setBusy] = useState<ReportFormat>();
  const [upgrade, setUpgrade] = useState(false);

  async function download(format: ReportFormat) {
    if (format === 'pdf' && !pdfAvailable) {
      setUpgrade(true);
      return;
    }
    setBusy(format);
    const outcome = await downloadReport(format);
    setBusy(undefined);
    if (outcome.status === 'upgrade') setUpgrade(true);
    else if (outcome.status === 'error') notify.error(outcome.message);
  }

  return (
    <Stack gap="3" align={{ base: 'stretch', md: 'flex-end' }}>
      <Flex gap="2">
        <Button
          variant="outline"
          onClick={() => void download('pdf')}
          loading={busy === 'pdf'}
          disabled={busy !== undefined}
          aria-expanded={pdfAvailable ? undefined : upgrade}
          aria-controls={pdfAvailable ? undefined : 'pdf-upgrade'}
        >
          PDF
        </Button>
        <Button variant="outline" onClick={() => void download('csv')} loading={busy === 'csv'} disabled={busy !== undefined}>
          CSV
        </Button>
      </Flex>
      {upgrade && (
        <Alert.Root status="info" id="pdf-upgrade" maxW="md" data-testid="pdf-upgrade">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>PDF reports are available on the Plus plan and above.</Alert.Title>
            <Alert.Description>
              The CSV file with all your findings is included in every plan.{' '}
              <Link asChild color="blue.fg" fontWeight="medium" textDecoration="underline">
                <RouterLink to="/pricing">Upgrade to download the PDF</RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
