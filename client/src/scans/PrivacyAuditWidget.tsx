import { Alert, Box, Button, Card, Center, Field, Flex, Heading, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { classifyScanInput, isScanButtonDisabled, SCAN_INPUT_MESSAGES, scanInputError } from '@browser-shared/scan-input.rules';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useAnalytics } from '../analytics/analytics-context';
import { CheckList, type CheckProgress } from './CheckList';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../format';
import { type QueuedScan, runScan, SCAN_FAILED_MESSAGE, ScanError, ScanQueued } from './scan-stream';
import type { AnalysisResult, CheckReport } from './scan-types';

// The results view is only needed once a scan runs: its own chunk, fetched when a scan starts.
const loadResults = () => import('./ScanResults');
const ScanResults = lazy(loadResults);

type Phase = 'idle' | 'scanning' | 'result' | 'error' | 'queued';

export interface PrivacyAuditWidgetProps {
  /** The scan button's label: 'Check My Privacy' (dashboard) or 'Start Scan' (landing page). */
  buttonLabel?: string;
  /** The title's heading level on the page around it. */
  headingAs?: 'h2' | 'h3';
  /** The text box's id, so a page can focus it (the landing page's 'Try Free Scan'). */
  inputId?: string;
}

/** Applies a finished check to the list the `started` event announced. */
function withReport(checks: CheckProgress[], report: CheckReport): CheckProgress[] {
  if (!checks.some((c) => c.id === report.id)) return [...checks, { id: report.id, label: report.label, report }];
  return checks.map((c) => (c.id === report.id ? { ...c, report } : c));
}

/**
 * The privacy audit widget: idle → scanning (each check shown as it
 * finishes) → result, or error with the input kept. 'Scan Another' returns to idle.
 */
export function PrivacyAuditWidget({ buttonLabel = 'Check My Privacy', headingAs = 'h2', inputId }: PrivacyAuditWidgetProps) {
  const [input, setInput] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [emptySubmitted, setEmptySubmitted] = useState(false);
  const [error, setError] = useState<string>();
  const [checks, setChecks] = useState<CheckProgress[]>([]);
  const [result, setResult] = useState<AnalysisResult>();
  const [queued, setQueued] = useState<QueuedScan>();
  // A ref, not state: a second submit in the same tick must already see the scan running.
  const running = useRef<AbortController | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  // Set by 'Scan Another' and errors: focus the text box once it is back and enabled.
  const focusInputNext = useRef(false);
  const generatedId = useId();
  const fieldId = inputId ?? generatedId;
  const { track } = useAnalytics();

  const scanning = phase === 'scanning';
  const trimmedEmpty = input.trim() === '';
  const validation = trimmedEmpty ? (emptySubmitted ? SCAN_INPUT_MESSAGES.empty : undefined) : scanInputError(input);

  // A scan still running when the widget goes away is abandoned.
  useEffect(() => () => running.current?.abort(), []);

  useEffect(() => {
    if (!focusInputNext.current) return;
    focusInputNext.current = false;
    inputRef.current?.focus();
  });

  function submit() {
    if (running.current) return; // a second submit while scanning is ignored
    if (scanInputError(input) !== undefined) {
      if (trimmedEmpty) setEmptySubmitted(true);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    const startedAt = performance.now();
    track('scan_started', { scan_type: 'privacy', input_type: classifyScanInput(input).inputType });
    setPhase('scanning');
    setError(undefined);
    setChecks([]);
    void loadResults().catch(() => undefined); // warm the results chunk while the checks run

    runScan(input, {
      signal: controller.signal,
      onStarted: (started) => setChecks(started.checks.map(({ id, label }) => ({ id, label }))),
      onCheck: (report) => setChecks((current) => withReport(current, report)),
    }).then(
      (scanResult) => {
        if (controller.signal.aborted) return;
        running.current = undefined;
        track('scan_completed', {
          scan_type: 'privacy',
          input_type: scanResult.inputType,
          scan_id: scanResult.scanId,
          // An incomplete result has no score to report.
          ...(scanResult.privacyScore !== null ? { privacy_score: scanResult.privacyScore } : {}),
          processing_time: Math.round(performance.now() - startedAt),
        });
        setResult(scanResult);
        setPhase('result');
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        running.current = undefined;
        if (err instanceof ScanQueued) {
          setQueued(err.queued);
          setPhase('queued');
          return;
        }
        const message = err instanceof ScanError ? err.message : SCAN_FAILED_MESSAGE;
        track('error_occurred', { error_type: 'scan_failed', error_message: message, context: 'privacy_audit_widget' });
        setError(message);
        setPhase('error');
        focusInputNext.current = true;
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  // With the button disabled the browser would not submit on Enter; the empty message needs it to.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return; // not while an IME is composing
    event.preventDefault();
    submit();
  }

  function scanAnother() {
    running.current?.abort();
    running.current = undefined;
    setInput('');
    setResult(undefined);
    setQueued(undefined);
    setError(undefined);
    setChecks([]);
    setEmptySubmitted(false);
    setPhase('idle');
    focusInputNext.current = true;
  }

  return (
    <Card.Root variant="elevated" w="full">
      <Card.Body gap="6" p={{ base: '5', md: '8' }}>
        {phase === 'result' && result ? (
          <Suspense
            fallback={
              <Center py="10" role="status">
                <Spinner size="lg" color="blue.fg" />
                <Text ms="3">Loading your results...</Text>
              </Center>
            }
          >
            <ScanResults result={result} headingAs={headingAs} onScanAnother={scanAnother} onTryAgain={submit} />
          </Suspense>
        ) : phase === 'queued' && queued ? (
          <Stack gap="4" data-testid="scan-queued">
            <Heading as={headingAs} size="xl">
              Queued, expected by <time dateTime={queued.expectedBy}>{formatDateTime(queued.expectedBy)}</time>
            </Heading>
            <Text>{queued.message}</Text>
            <Flex gap="3" wrap="wrap">
              <Button asChild colorPalette="blue">
                <RouterLink to={`/history?scan=${encodeURIComponent(queued.scanId)}`}>Open the queued scan</RouterLink>
              </Button>
              <Button variant="outline" onClick={scanAnother}>
                Scan Another
              </Button>
            </Flex>
          </Stack>
        ) : (
          <>
            <Heading as={headingAs} size="2xl" textAlign="center">
              Start Your Privacy Audit
            </Heading>
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <Field.Root invalid={validation !== undefined}>
                  <Field.Label htmlFor={fieldId}>Email address, website URL or social media handle</Field.Label>
                  <Input
                    id={fieldId}
                    ref={inputRef}
                    size="lg"
                    bg="bg.panel"
                    placeholder="e.g. you@example.com, https://example.com or @username"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={input}
                    disabled={scanning}
                    onChange={(event) => {
                      setInput(event.target.value);
                      setEmptySubmitted(false);
                    }}
                    onKeyDown={onKeyDown}
                  />
                  {validation && <Field.ErrorText>{validation}</Field.ErrorText>}
                </Field.Root>
                <Button type="submit" colorPalette="blue" size="lg" disabled={isScanButtonDisabled(input, scanning)}>
                  {scanning ? 'Scanning...' : buttonLabel}
                </Button>
              </Stack>
            </form>

            {error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}

            {scanning && (
              <Stack gap="4">
                <Flex role="status" gap="3" align="center" justify="center" textAlign="center" direction="column">
                  <Spinner size="lg" color="blue.fg" />
                  <Box>
                    <Text fontWeight="medium">Scanning for privacy risks...</Text>
                    <Text color="fg.muted" fontSize="sm">
                      This may take a few seconds
                    </Text>
                  </Box>
                </Flex>
                <CheckList label="Checks in progress" checks={checks} />
              </Stack>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
