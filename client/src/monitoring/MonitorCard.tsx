import { Badge, Box, Button, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { displayStateLabels, type MonitorDisplayState, monitorDisplayState, nextRunText } from './monitor-display';
import type { Monitor, MonitorRun } from './monitor-types';
import { formatDateTime } from '../format';

const statePalettes: Record<MonitorDisplayState, string> = { paused: 'gray', active: 'green', overdue: 'orange' };
const typeLabels: Record<Monitor['type'], string> = { weekly: 'Weekly (every 7 days)', monthly: 'Monthly (every 30 days)' };
const runStatusLabels: Record<MonitorRun['status'], string> = { running: 'Running', succeeded: 'Succeeded', failed: 'Failed' };
const runStatusPalettes: Record<MonitorRun['status'], string> = { running: 'blue', succeeded: 'green', failed: 'red' };


/** "alice@example.com and 2 more": the card's name. */
function targetSummary({ emails, handles }: Monitor['targets']): string {
  const all = [...emails, ...handles];
  return all.length > 1 ? `${all[0]} and ${all.length - 1} more` : (all[0] ?? 'Monitor');
}

function Targets({ monitor, busy, onResend }: { monitor: Monitor; busy: boolean; onResend: () => void }) {
  const pending = new Set(monitor.pendingEmails);
  return (
    <Stack gap="2">
      {monitor.targets.emails.length > 0 && (
        <Box>
          <Text fontWeight="semibold">Emails</Text>
          <List.Root listStyle="none" gap="1" aria-label="Monitored emails">
            {monitor.targets.emails.map((email) => (
              <List.Item key={email} display="flex" gap="2" alignItems="center" flexWrap="wrap" wordBreak="break-all">
                {email}
                {pending.has(email) && (
                  <Badge colorPalette="orange" variant="subtle" title="Not scanned until its owner clicks the link we sent to it">
                    Awaiting verification
                  </Badge>
                )}
              </List.Item>
            ))}
          </List.Root>
          {pending.size > 0 && (
            <Button size="xs" variant="outline" mt="2" onClick={onResend} disabled={busy}>
              Send the verification {pending.size === 1 ? 'link' : 'links'} again
            </Button>
          )}
        </Box>
      )}
      {monitor.targets.handles.length > 0 && (
        <Box>
          <Text fontWeight="semibold">Handles</Text>
          <List.Root listStyle="none" gap="1" aria-label="Monitored handles">
            {monitor.targets.handles.map((handle) => (
              <List.Item key={handle} wordBreak="break-all">
                {handle}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}

function LastRuns({ runs }: { runs: MonitorRun[] }) {
  return (
    <Box>
      <Heading as="h3" size="sm">
        Recent runs
      </Heading>
      {runs.length === 0 ? (
        <Text color="fg.muted" mt="1">
          No runs yet.
        </Text>
      ) : (
        <List.Root listStyle="none" gap="2" mt="2" aria-label="Recent runs">
          {runs.map((run) => (
            <List.Item key={run.id} display="flex" gap="2" alignItems="baseline" flexWrap="wrap">
              <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
              <Badge colorPalette={runStatusPalettes[run.status]} variant="subtle">
                {runStatusLabels[run.status]}
              </Badge>
              <Text as="span" color="fg">
                {run.summary}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}

/** One monitor: its state, targets (with new verification links on request), type, next run, Pause/Activate, Delete and its last runs. */
export function MonitorCard({
  monitor,
  now,
  busy,
  onToggle,
  onDelete,
  onResend,
}: {
  monitor: Monitor;
  now: Date;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onResend: () => void;
}) {
  const state = monitorDisplayState(monitor, now);
  // A paused monitor does not run, whatever date it kept.
  const nextRun = monitor.active ? monitor.nextRunAt : null;
  return (
    <Card.Root variant="outline" data-testid="monitor-card">
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Heading as="h2" size="md" wordBreak="break-all">
            {targetSummary(monitor.targets)}
          </Heading>
          <Badge colorPalette={statePalettes[state]} variant="subtle" size="md" data-testid="monitor-state">
            {displayStateLabels[state]}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        <Targets monitor={monitor} busy={busy} onResend={onResend} />
        <Stack gap="1">
          <Text>
            <Text as="span" fontWeight="semibold">
              Type:
            </Text>{' '}
            {typeLabels[monitor.type]}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Next run:
            </Text>{' '}
            <Text as="span" data-testid="monitor-next-run" title={nextRun ? formatDateTime(nextRun) : undefined}>
              {nextRunText(nextRun, now)}
            </Text>
          </Text>
        </Stack>
        <LastRuns runs={monitor.lastRuns} />
      </Card.Body>
      <Card.Footer gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={onToggle} loading={busy}>
          {monitor.active ? 'Pause' : 'Activate'}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={onDelete} disabled={busy}>
          Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
