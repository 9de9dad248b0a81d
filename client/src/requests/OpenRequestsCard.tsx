import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client';
import { useQuery } from '../hooks/use-query';
import { RequestReminders } from './RequestReminders';
import { KIND_LABELS, type RequestList, STATUS_LABELS } from './request-types';

/** How many open requests the card lists, soonest due first. */
const SHOWN = 3;

const loadRequests = async (): Promise<RequestList | undefined> => {
  const { data } = await api.GET('/api/requests');
  // Anything but a list is a failure here: the card stays quiet.
  return Array.isArray(data?.requests) ? data : undefined;
};

/** The dashboard's request reminders and open privacy-rights requests; quiet when the list cannot load. */
export function OpenRequestsCard() {
  const [state] = useQuery('open-requests', loadRequests);
  if (state.status !== 'ready') return null;
  const list = state.data;
  const open = list.requests
    .filter((r) => r.status === 'draft' || r.status === 'sent' || r.status === 'overdue')
    .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'));
  return (
    <>
      <RequestReminders reminders={list.reminders ?? []} />
      <Card.Root variant="outline" data-testid="open-requests">
        <Card.Body>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              Open requests ({open.length})
            </Heading>
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/requests">{open.length ? 'All requests' : 'Ask an organisation about your data'}</RouterLink>
            </Button>
          </Flex>
          <Stack gap="2" mt="3">
            {open.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                No open requests. From a breach or a tracker in your results, ask the organisation to delete or show your data.
              </Text>
            )}
            {open.slice(0, SHOWN).map((r) => (
              <Flex key={r.id} justify="space-between" gap="2" wrap="wrap" fontSize="sm">
                <RouterLink to={`/requests?id=${r.id}`}>
                  {r.organisationName} · {KIND_LABELS[r.kind]}
                </RouterLink>
                <Flex gap="2" align="center">
                  {r.dueOn && <Text color="fg.muted">due {r.dueOn}</Text>}
                  <Badge colorPalette={STATUS_LABELS[r.status].palette}>{STATUS_LABELS[r.status].label}</Badge>
                </Flex>
              </Flex>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </>
  );
}
