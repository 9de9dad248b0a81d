import { Alert, Badge, Box, Button, Card, Container, Field, Flex, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { AskEveryBroker } from '../requests/AskEveryBroker';
import { ChoiceField } from '../requests/ChoiceField';
import { RequestDetail } from '../requests/RequestDetail';
import { createRequest, loadRequest, loadRequests, matchFinding, searchOrganisations } from '../requests/request-actions';
import { JURISDICTION_LABELS, type Jurisdiction, KIND_LABELS, type Organisation, type RequestKind, type RequestList, type RightsRequest, STATUS_LABELS } from '../requests/request-types';
import { RequestReminders } from '../requests/RequestReminders';


/** Search the catalogue as the person types (after two characters, a short pause). */
function useOrganisationSearch(query: string): Organisation[] {
  const [found, setFound] = useState<{ query: string; results: Organisation[] }>({ query: '', results: [] });
  const wanted = query.trim();
  useEffect(() => {
    if (wanted.length < 2) return;
    let live = true;
    const timer = setTimeout(() => void searchOrganisations(wanted).then((results) => live && setFound({ query: wanted, results })), 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted]);
  return wanted.length >= 2 && found.query === wanted ? found.results : [];
}

function NewRequestForm({ email, onCreated }: { email: string; onCreated: (r: RightsRequest) => void }) {
  const [params] = useSearchParams();
  const fromFinding = params.get('label');
  const [query, setQuery] = useState('');
  const [organisation, setOrganisation] = useState<Organisation | null>(null);
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const [kind, setKind] = useState<RequestKind>(params.get('kind') === 'access' ? 'access' : 'erasure');
  const [jurisdiction, setJurisdiction] = useState<Jurisdiction>('gdpr');
  const [country, setCountry] = useState('');
  const [name, setName] = useState('');
  const [address, setAddress] = useState(email);
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const results = useOrganisationSearch(organisation ? '' : query);

  // From a finding: the organisation behind it, or why the catalogue has none.
  useEffect(() => {
    if (!fromFinding) return;
    void matchFinding(fromFinding, params.get('domains') ?? '', params.get('company') ?? '').then(({ organisation: found, reason }) => {
      if (found) setOrganisation(found);
      else setUnmatched(reason ?? 'The catalogue has no record for it.');
    });
  }, [fromFinding, params]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!organisation) return;
    setBusy(true);
    const created = await createRequest({
      kind,
      jurisdiction,
      ...(country.trim() ? { country: country.trim() } : {}),
      organisationSlug: organisation.slug,
      email: address.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      extra: Object.entries(extra).map(([desc, value]) => ({ desc, value })),
      ...(fromFinding ? { context: fromFinding } : {}),
    });
    setBusy(false);
    if (created) onCreated(created);
  };

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              New request
            </Heading>
            {fromFinding && (
              <Text fontSize="sm" color="fg.muted">
                From your finding: {fromFinding}
              </Text>
            )}
            {unmatched && (
              <Alert.Root status="warning">
                <Alert.Content>
                  <Alert.Description>{unmatched} Search for the organisation by name below.</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {organisation ? (
              <Flex gap="3" align="center" wrap="wrap" data-testid="chosen-organisation">
                <Text fontWeight="semibold">{organisation.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {organisation.email ?? organisation.webform ?? 'by post'}
                </Text>
                {organisation.categories.some((c) => c === 'data broker' || c === 'addresses') && (
                  <Text fontSize="sm" data-testid="broker-hint">
                    A data broker: “Ask every data broker” below drafts to all of them at once.
                  </Text>
                )}
                <Button size="xs" variant="ghost" onClick={() => setOrganisation(null)}>
                  Change
                </Button>
              </Flex>
            ) : (
              <Field.Root>
                <Field.Label>Organisation (name or website)</Field.Label>
                <Input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. example.com" name="organisationQuery" />
                {results.length > 0 && (
                  <Stack gap="1" mt="2" role="listbox" aria-label="Organisations found">
                    {results.map((o) => (
                      <Button key={o.slug} size="sm" variant="outline" justifyContent="flex-start" role="option" onClick={() => setOrganisation(o)}>
                        {o.name}
                        {o.web ? ` · ${new URL(o.web).hostname}` : ''}
                      </Button>
                    ))}
                  </Stack>
                )}
              </Field.Root>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <ChoiceField label="What to ask" name="kind" value={kind} choices={KIND_LABELS} onChange={setKind} />
              <ChoiceField label="Where you live" name="jurisdiction" value={jurisdiction} choices={JURISDICTION_LABELS} onChange={setJurisdiction} />
              {jurisdiction === 'gdpr' && (
                <Field.Root>
                  <Field.Label>Country code (for the regulator)</Field.Label>
                  <Input value={country} onChange={(e) => setCountry(e.target.value)} placeholder="e.g. DE" maxLength={2} name="country" />
                </Field.Root>
              )}
              <Field.Root>
                <Field.Label>Your email address with them</Field.Label>
                <Input type="email" value={address} onChange={(e) => setAddress(e.target.value)} name="email" />
              </Field.Root>
              <Field.Root>
                <Field.Label>Your name (optional)</Field.Label>
                <Input value={name} onChange={(e) => setName(e.target.value)} name="name" maxLength={200} />
              </Field.Root>
              {organisation?.requiredElements.map((element) => (
                <Field.Root key={element.desc}>
                  <Field.Label>
                    {element.desc}
                    {element.optional ? ' (optional)' : ''}
                  </Field.Label>
                  <Input value={extra[element.desc] ?? ''} onChange={(e) => setExtra({ ...extra, [element.desc]: e.target.value })} type={element.type === 'birthdate' ? 'date' : 'text'} />
                </Field.Root>
              ))}
            </SimpleGrid>
            {jurisdiction === 'ccpa' && (
              <Text fontSize="sm">
                Californians can also ask every registered data broker to delete their data with one request through the state’s{' '}
                <Link href="https://consumer.drop.privacy.ca.gov/" target="_blank" rel="noopener noreferrer" colorPalette="blue">
                  Delete Request and Opt-out Platform (DROP)
                </Link>
                .
              </Text>
            )}
            <Box>
              <Button type="submit" colorPalette="blue" loading={busy} disabled={!organisation || !address.trim()}>
                Draft the request
              </Button>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** The person's privacy-rights requests: draft one, send it yourself, track it to the answer. */
export default function RequestsPage() {
  const { state } = useAuth();
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<RequestList | undefined>();
  const [selected, setSelected] = useState<RightsRequest | undefined>();
  const selectedId = params.get('id');

  const reload = useCallback(async () => setList(await loadRequests()), []);
  useEffect(() => {
    let live = true;
    void loadRequests().then((data) => live && setList(data));
    return () => {
      live = false;
    };
  }, []);
  const loadedId = selected?.id;
  useEffect(() => {
    if (!selectedId || loadedId === selectedId) return;
    let live = true;
    void loadRequest(selectedId).then((r) => live && setSelected(r));
    return () => {
      live = false;
    };
  }, [selectedId, loadedId]);
  const shown = selectedId && selected?.id === selectedId ? selected : undefined;

  const open = (r: RightsRequest) => {
    setSelected(r);
    setParams({ id: r.id });
    void reload();
  };
  const email = state.status === 'signedIn' ? state.user.email : '';
  const atLimit = list !== undefined && list.usedThisMonth >= list.monthlyLimit;

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Privacy-rights requests
          </Heading>
          <Text color="fg.muted" mt="2">
            Ask an organisation to show you, delete or stop using your data. Footprint drafts the letter under your law and tracks the deadline; you send it from your own mailbox.
          </Text>
          {list && (
            <Text fontSize="sm" mt="1" data-testid="request-usage">
              {list.usedThisMonth} of {list.monthlyLimit} requests used this month.
            </Text>
          )}
        </Box>
        {list && !shown && <RequestReminders reminders={list.reminders ?? []} />}

        {shown ? (
          <>
            <Box>
              <Button size="sm" variant="ghost" onClick={() => setParams({})}>
                ← All requests
              </Button>
            </Box>
            <RequestDetail
              key={shown.id}
              request={shown}
              onChange={(r) => {
                setSelected(r);
                void reload();
              }}
              onDeleted={() => {
                setParams({});
                void reload();
              }}
            />
          </>
        ) : (
          <>
            {atLimit ? (
              <Alert.Root status="info">
                <Alert.Content>
                  <Alert.Description>You have used this month’s requests of your plan. Upgrade for more, or wait for next month.</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <>
                <NewRequestForm email={email} onCreated={open} />
                <AskEveryBroker email={email} onCreated={() => void reload()} />
              </>
            )}
            <Stack gap="3">
              <Heading as="h2" size="lg">
                Your requests
              </Heading>
              {list?.requests.length === 0 && <Text color="fg.muted">No requests yet.</Text>}
              {list?.requests.map((r) => (
                <Card.Root key={r.id} variant="outline" size="sm">
                  <Card.Body>
                    <Flex gap="3" align="center" wrap="wrap" justify="space-between">
                      <Box>
                        <Text fontWeight="semibold">{r.organisationName}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {KIND_LABELS[r.kind]}
                          {r.dueOn ? ` · due ${r.dueOn}` : ''}
                        </Text>
                      </Box>
                      <Flex gap="2" align="center">
                        <Badge colorPalette={STATUS_LABELS[r.status].palette}>{STATUS_LABELS[r.status].label}</Badge>
                        <Button size="sm" variant="outline" onClick={() => setParams({ id: r.id })}>
                          Open
                        </Button>
                      </Flex>
                    </Flex>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          </>
        )}
        <Text fontSize="xs" color="fg.muted">
          Organisations and their privacy contacts: the{' '}
          <Link href="https://github.com/datenanfragen/data" target="_blank" rel="noopener noreferrer">
            datarequests.org company database
          </Link>{' '}
          (CC0 1.0), and California’s{' '}
          <Link href="https://cppa.ca.gov/data_broker_registry/" target="_blank" rel="noopener noreferrer">
            data broker registry
          </Link>{' '}
          (a public record of the California Privacy Protection Agency). Letters are written by Footprint; they are not legal advice.
        </Text>
      </Stack>
    </Container>
  );
}
