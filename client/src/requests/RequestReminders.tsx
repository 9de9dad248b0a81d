import { Alert, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../format';
import type { RequestList } from './request-types';

type Reminder = RequestList['reminders'][number];

/** "2 requests need you: 1 overdue, 1 due soon": the count first, so it reads at a glance. */
export function reminderCountText(reminders: readonly Reminder[]): string {
  const due = reminders.filter((r) => r.reminder === 'due').length;
  const soon = reminders.length - due;
  const parts = [due ? `${due} overdue` : '', soon ? `${soon} due within 3 days` : ''].filter(Boolean).join(', ');
  return `${reminders.length} ${reminders.length === 1 ? 'request needs' : 'requests need'} you: ${parts}`;
}

/**
 * The request reminders as an in-app notice (the emails say the same): overdue and due-soon
 * requests with a count, each linking to its request. Renders nothing when nothing is due; it
 * goes away when the person acts on the request (answered, extended), not when dismissed.
 */
export function RequestReminders({ reminders }: { reminders: readonly Reminder[] }) {
  if (reminders.length === 0) return null;
  const overdue = reminders.some((r) => r.reminder === 'due');
  return (
    <Alert.Root status={overdue ? 'error' : 'warning'} alignItems="flex-start" data-testid="request-reminders">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{reminderCountText(reminders)}</Alert.Title>
        <List.Root gap="1" ps="4">
          {reminders.map((r) => (
            <List.Item key={r.id} data-reminder={r.reminder}>
              <RouterLink to={`/requests?id=${r.id}`}>{r.organisationName}</RouterLink>{' '}
              <Text as="span" color="fg.muted">
                {r.reminder === 'due'
                  ? `had until ${formatDate(r.dueOn)}: send the follow-up, or the complaint to the regulator`
                  : `has until ${formatDate(r.dueOn)} to answer`}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
