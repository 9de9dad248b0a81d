import { Alert, Box, Button, Card, Field, Flex, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ChoiceField } from './ChoiceField';
import { createBrokerBatch, previewBrokerBatch } from './request-actions';
import { BROKER_KIND_LABELS, type BrokerBatchKind, type BrokerBatchPreview, type BrokerBatchResult, JURISDICTION_LABELS, type Jurisdiction } from './request-types';

/** The confirmation names this many brokers, then says how many more. */
const NAMES_SHOWN = 12;

const drafts = (n: number) => `${n} draft${n === 1 ? '' : 's'}`;
const brokersText = (n: number) => `${n} data broker${n === 1 ? '' : 's'}`;

/** Whether the preview can be asked for: outside California and the UK the country picks the brokers. */
const ready = (jurisdiction: Jurisdiction, country: string) => jurisdiction === 'ccpa' || jurisdiction === 'uk_gdpr' || /^[a-zA-Z]{2}$/.test(country.trim());

/**
 * "Ask every data broker": for Californians, DROP first (one request through the state to every
 * registered broker); then a confirmation saying how many drafts will be made and to whom, within
 * the month's allowance; then the drafts join the list, each tracked like any request.
 */
export function AskEveryBroker({ email: accountEmail, onCreated }: { email: string; onCreated: (result: BrokerBatchResult) => void }) {
  const [open, setOpen] = useState(false);
  const [jurisdiction, setJurisdiction] = useState<Jurisdiction>('ccpa');
  const [country, setCountry] = useState('');
  const [kind, setKind] = useState<BrokerBatchKind>('erasure');
  const [preview, setPreview] = useState<{ key: string; data: BrokerBatchPreview } | undefined>();
  const [result, setResult] = useState<BrokerBatchResult | undefined>();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState(accountEmail);
  const key = `${jurisdiction}/${country.trim().toLowerCase()}/${kind}`;

  useEffect(() => {
    if (!open || !ready(jurisdiction, country)) return;
    let live = true;
    const timer = setTimeout(() => {
      void previewBrokerBatch({ jurisdiction, kind, ...(jurisdiction === 'ccpa' || jurisdiction === 'uk_gdpr' ? {} : { country: country.trim() }) }).then((data) => {
        if (live && data) setPreview({ key, data });
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, jurisdiction, country, kind, key]);

  const shown = preview?.key === key ? preview.data : undefined;

  const confirm = async () => {
    setBusy(true);
    const made = await createBrokerBatch({ jurisdiction, kind, email: email.trim(), ...(jurisdiction === 'ccpa' || jurisdiction === 'uk_gdpr' ? {} : { country: country.trim() }) });
    setBusy(false);
    if (made) {
      setResult(made);
      setPreview(undefined);
      onCreated(made);
    }
  };

  if (!open) {
    return (
      <Box>
        <Button variant="outline" colorPalette="blue" onClick={() => setOpen(true)}>
          Ask every data broker
        </Button>
      </Box>
    );
  }

  const toDraft = shown?.willDraft ?? 0;
  // The server drafts for the brokers not asked yet, in name order, up to the allowance.
  const named = shown ? shown.brokers.filter((b) => !b.asked).slice(0, toDraft) : [];
  return (
    <Card.Root variant="outline" data-testid="ask-every-broker">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="lg">
            Ask every data broker
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <ChoiceField label="Where you live" name="brokerJurisdiction" value={jurisdiction} choices={JURISDICTION_LABELS} onChange={setJurisdiction} />
            {jurisdiction !== 'ccpa' && jurisdiction !== 'uk_gdpr' && (
              <Field.Root>
                <Field.Label>Country code</Field.Label>
                <Input value={country} onChange={(e) => setCountry(e.target.value)} placeholder="e.g. DE" maxLength={2} name="brokerCountry" />
              </Field.Root>
            )}
            <Field.Root>
              <Field.Label>Your email address with them</Field.Label>
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} name="brokerEmail" />
            </Field.Root>
            <ChoiceField label="What to ask" name="brokerKind" value={kind} choices={BROKER_KIND_LABELS} onChange={setKind} />
          </SimpleGrid>

          {shown?.drop && (
            <Alert.Root status="info" data-testid="drop-first">
              <Alert.Content>
                <Alert.Title>
                  First:{' '}
                  <Link href={shown.drop.url} target="_blank" rel="noopener noreferrer" colorPalette="blue">
                    California’s {shown.drop.name}
                  </Link>
                </Alert.Title>
                <Alert.Description>
                  {shown.drop.text}{' '}
                  <Link href={shown.drop.about} target="_blank" rel="noopener noreferrer" colorPalette="blue">
                    How DROP works
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}

          {shown && (
            <Stack gap="2" data-testid="broker-confirmation">
              {shown.brokers.length === 0 ? (
                <Text>No data broker in the catalogue is relevant to where you live.</Text>
              ) : (
                <>
                  <Text fontWeight="semibold">
                    {toDraft > 0 ? `This makes ${drafts(toDraft)}, one to each of ${brokersText(toDraft)}:` : `No new draft: ${shown.remaining === 0 ? 'this month’s requests are used up.' : 'you have asked each of them already.'}`}
                  </Text>
                  {toDraft > 0 && (
                    <Text fontSize="sm" as="ul" pl="5" listStyleType="disc">
                      {named.slice(0, NAMES_SHOWN).map((b) => (
                        <li key={b.slug}>{b.name}</li>
                      ))}
                      {toDraft > NAMES_SHOWN && <li>and {toDraft - NAMES_SHOWN} more</li>}
                    </Text>
                  )}
                  {shown.alreadyAsked > 0 && <Text fontSize="sm">No second draft for {brokersText(shown.alreadyAsked)} you have already asked.</Text>}
                  {shown.leftOver > 0 && (
                    <Text fontSize="sm">
                      {brokersText(shown.leftOver)} will be left: your plan has {shown.remaining} request{shown.remaining === 1 ? '' : 's'} left this month. Ask again next month, or upgrade.
                    </Text>
                  )}
                  <Text fontSize="sm" color="fg.muted">
                    Each draft is a request like any other: you send it yourself from your own mailbox or the broker’s form, and Footprint tracks the deadline. Nothing is sent for you.
                  </Text>
                </>
              )}
            </Stack>
          )}

          {result && (
            <Alert.Root status="success" data-testid="broker-result">
              <Alert.Content>
                <Alert.Description>
                  {drafts(result.created.length)} made{result.leftOver > 0 ? `; ${brokersText(result.leftOver)} left for next month` : ''}. They are in your requests below.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}

          <Flex gap="2" wrap="wrap">
            <Button colorPalette="blue" loading={busy} disabled={!shown || toDraft === 0 || !email.trim()} onClick={() => void confirm()}>
              {toDraft > 0 ? `Make ${drafts(toDraft)}` : 'Make the drafts'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
          </Flex>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
