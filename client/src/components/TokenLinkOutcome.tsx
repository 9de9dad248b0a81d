import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { TokenOutcome } from '../hooks/use-single-use-token';

/**
 * The body of a page an emailed token link opens: what the link confirms and a button to confirm
 * it, a spinner while checking, then the outcome and a button onwards.
 */
export function TokenLinkOutcome<T>({
  outcome,
  confirm,
  checking,
  verified,
  breakVerified = false,
  failedHint,
  next,
}: {
  outcome: TokenOutcome<T>;
  /** What confirming does, and the button's label; called when the person clicks it. */
  confirm: { question: string; label: string; onConfirm: () => void };
  checking: string;
  verified: (value: T) => ReactNode;
  /** The verified title holds an address, which may need breaking anywhere to fit. */
  breakVerified?: boolean;
  failedHint?: string;
  next: { to: string; label: string };
}) {
  return (
    <>
      {outcome.status === 'awaiting' && (
        <Stack gap="4">
          <Text>{confirm.question}</Text>
          <Button colorPalette="blue" size="lg" w="full" onClick={confirm.onConfirm}>
            {confirm.label}
          </Button>
        </Stack>
      )}
      {outcome.status === 'checking' && (
        <Stack align="center" gap="3" role="status">
          <Spinner color="blue.fg" />
          <Text>{checking}</Text>
        </Stack>
      )}
      {outcome.status === 'verified' && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title wordBreak={breakVerified ? 'break-all' : undefined}>{verified(outcome.value)}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      {outcome.status === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.message}</Alert.Title>
            {failedHint && <Alert.Description>{failedHint}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {(outcome.status === 'verified' || outcome.status === 'failed') && (
        <Button asChild colorPalette="blue" size="lg" w="full">
          <RouterLink to={next.to}>{next.label}</RouterLink>
        </Button>
      )}
    </>
  );
}
