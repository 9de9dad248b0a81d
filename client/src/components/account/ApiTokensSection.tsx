import { Alert, Badge, Box, Button, Card, Code, Field, Flex, Heading, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import type { components } from '../../../../openapi/schema';
import { api, errorMessage } from '../../api/client';
import { everyPage } from '../../api/every-page';
import { useQuery } from '../../hooks/use-query';
import { notify } from '../toaster';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDateTime } from '../../format';

type ApiToken = components['schemas']['ApiTokenDto'];
type CreatedToken = components['schemas']['CreatedApiTokenDto'];
type Scope = ApiToken['scope'];

/** The expiries offered, in days ('' never expires); the API takes any whole number from 1 to 365. */
const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

/** Every token of the account, page after page (revoked and expired ones are listed too). */
async function fetchTokens(): Promise<ApiToken[] | undefined> {
  const list = await everyPage(
    async (page, pageSize) => (await api.GET('/api/auth/tokens', { params: { query: { page, pageSize } } })).data,
    (answer) => answer.tokens,
    (first, tokens) => ({ ...first, tokens }),
  );
  return list?.tokens;
}

const orNever = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');
const scopeLabel = (scope: Scope) => (scope === 'read-only' ? 'Read only' : 'Read and write');

/** Personal API tokens: create (the secret is shown once), list, revoke. */
export function ApiTokensSection() {
  const [loaded, reload] = useQuery('api-tokens', fetchTokens, { keepPrevious: true });
  const tokens = loaded.status === 'ready' ? loaded.data : loaded.status;
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read-write');
  const [expiry, setExpiry] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const [busy, setBusy] = useState(false);


  async function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      notify.error('Please give the token a name');
      return;
    }
    setCreating(true);
    try {
      const { data, error } = await api.POST('/api/auth/tokens', {
        body: { name: name.trim(), scope, expiresInDays: expiry ? Number(expiry) : null },
      });
      if (data) {
        setCreated(data);
        setName('');
        setScope('read-write');
        setExpiry('');
        reload();
      } else {
        notify.error(`Failed to create token: ${errorMessage(error, 'Please try again.')}`);
      }
    } catch {
      notify.error('Failed to create token: Network error');
    } finally {
      setCreating(false);
    }
  }

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Token copied to the clipboard');
    } catch {
      notify.error('Could not copy: select the token and copy it yourself');
    }
  }

  async function handleRevoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      const { response, error } = await api.DELETE('/api/auth/tokens/{id}', { params: { path: { id: revoking.id } } });
      if (response.ok) {
        notify.success(`Token '${revoking.name}' revoked`);
        if (created?.id === revoking.id) setCreated(undefined);
        setRevoking(undefined);
        reload();
      } else {
        notify.error(`Failed to revoke token: ${errorMessage(error, 'Please try again.')}`);
      }
    } catch {
      notify.error('Failed to revoke token: Network error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card.Root variant="outline" mt="6">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          API tokens
        </Heading>
        <Text color="fg.muted">
          Personal tokens let your scripts call the Footprint API as you: send one as{' '}
          <Code>Authorization: Bearer &lt;token&gt;</Code>. A read-only token can only read (GET requests); an expiring
          token stops working on its date. See the{' '}
          <Link href="/api/docs" color="blue.fg" textDecoration="underline">
            API reference
          </Link>
          .
        </Text>

        {created && (
          <Alert.Root status="warning" role="status" flexDirection="column" alignItems="stretch" gap="2">
            <Flex gap="2" align="center">
              <Alert.Indicator />
              <Alert.Title>Copy your new token '{created.name}' now: it will not be shown again.</Alert.Title>
            </Flex>
            <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
              <Input
                readOnly
                value={created.token}
                aria-label="New API token"
                fontFamily="mono"
                fontSize="sm"
                bg="bg.panel"
                onFocus={(e) => e.target.select()}
              />
              <Button type="button" colorPalette="blue" onClick={() => void copySecret(created.token)}>
                Copy
              </Button>
              <Button type="button" variant="outline" bg="bg.panel" onClick={() => setCreated(undefined)}>
                Done
              </Button>
            </Flex>
          </Alert.Root>
        )}

        <form onSubmit={handleCreate} noValidate>
          <Flex gap="3" align="flex-end" direction={{ base: 'column', sm: 'row' }}>
            <Field.Root flex="1">
              <Field.Label>Token name</Field.Label>
              <Input name="tokenName" placeholder="e.g. Nightly export script" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            </Field.Root>
            <Field.Root w={{ base: 'full', sm: '44' }}>
              <Field.Label>Access</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="tokenScope" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
                  <option value="read-write">Read and write</option>
                  <option value="read-only">Read only</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root w={{ base: 'full', sm: '36' }}>
              <Field.Label>Expires</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="tokenExpiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
                  {EXPIRY_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button type="submit" colorPalette="blue" loading={creating} w={{ base: 'full', sm: 'auto' }}>
              Create token
            </Button>
          </Flex>
        </form>

        {tokens === 'loading' && <Text color="fg.muted">Loading tokens…</Text>}
        {tokens === 'error' && <Text color="red.fg">Could not load your tokens.</Text>}
        {Array.isArray(tokens) && tokens.length === 0 && <Text color="fg.muted">You have no API tokens.</Text>}
        {Array.isArray(tokens) && tokens.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label="API tokens">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Prefix</Table.ColumnHeader>
                  <Table.ColumnHeader>Access</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                  <Table.ColumnHeader>Expires</Table.ColumnHeader>
                  <Table.ColumnHeader>Last used</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box srOnly>Actions</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {tokens.map((token) => (
                  <Table.Row key={token.id}>
                    <Table.Cell>{token.name}</Table.Cell>
                    <Table.Cell>
                      <Code>fp_{token.prefix}_…</Code>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={token.scope === 'read-only' ? 'gray' : 'blue'}>{scopeLabel(token.scope)}</Badge>
                    </Table.Cell>
                    <Table.Cell>{formatDateTime(token.createdAt)}</Table.Cell>
                    <Table.Cell>{orNever(token.expiresAt)}</Table.Cell>
                    <Table.Cell>{orNever(token.lastUsedAt)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                        Revoke
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke API token?"
        confirmLabel="Revoke token"
        busy={busy}
        onConfirm={() => void handleRevoke()}
        onClose={() => setRevoking(undefined)}
      >
        <Stack gap="2">
          <Text>
            Scripts using '{revoking?.name}' will stop working at once. This cannot be undone.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Card.Root>
  );
}
