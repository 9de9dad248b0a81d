import { Alert, Box, Button, Card, Field, Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { PasswordInput } from '../components/PasswordInput';
import { exposureMessage, InsecureContextError, PASSWORD_MESSAGES, passwordExposureCount } from './password-range';

type Outcome = { kind: 'found'; count: number } | { kind: 'clean' } | { kind: 'problem'; message: string };

/**
 * Checks whether a password appears in known breaches. The password stays in this component's
 * state only: it is hashed here, and only the first 5 characters of the hash are sent.
 */
export function PasswordExposureCheck({ headingAs = 'h2' }: { headingAs?: 'h2' | 'h3' }) {
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // Each edit starts a new generation: an answer for an older password is dropped.
  const generation = useRef(0);
  const titleId = useId();

  function onChange(value: string) {
    generation.current += 1;
    setPassword(value);
    setOutcome(undefined);
    setChecking(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    if (password === '') {
      setOutcome({ kind: 'problem', message: PASSWORD_MESSAGES.empty });
      return;
    }
    const mine = ++generation.current;
    setChecking(true);
    setOutcome(undefined);
    let next: Outcome;
    try {
      const count = await passwordExposureCount(password);
      next = count > 0 ? { kind: 'found', count } : { kind: 'clean' };
    } catch (err) {
      next = { kind: 'problem', message: err instanceof InsecureContextError ? err.message : PASSWORD_MESSAGES.failed };
    }
    if (generation.current !== mine) return;
    setChecking(false);
    setOutcome(next);
  }

  return (
    <Card.Root as="section" variant="outline" aria-labelledby={titleId} w="full">
      <Card.Body gap="4">
        <Heading as={headingAs} id={titleId} size="xl">
          Password Exposure Check
        </Heading>
        <Text color="fg.muted">
          Find out whether a password appears in known data breaches. Your browser hashes it and sends only the first 5
          characters of the hash; the password itself never leaves this page and is not stored.
        </Text>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }}>
            <Field.Root invalid={outcome?.kind === 'problem' && password === ''} flex="1">
              <Field.Label>Password to check</Field.Label>
              <PasswordInput autoComplete="off" value={password} onChange={(event) => onChange(event.target.value)} />
            </Field.Root>
            <Button type="submit" colorPalette="blue" loading={checking} loadingText="Checking...">
              Check Password
            </Button>
          </Stack>
        </form>
        <Box aria-live="polite">
          {outcome?.kind === 'found' && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{exposureMessage(outcome.count)}</Alert.Title>
            </Alert.Root>
          )}
          {outcome?.kind === 'clean' && (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{PASSWORD_MESSAGES.clean}</Alert.Title>
            </Alert.Root>
          )}
          {outcome?.kind === 'problem' && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{outcome.message}</Alert.Title>
            </Alert.Root>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
