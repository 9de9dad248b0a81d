import { Badge, Box, Button, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DomainVerification } from './DomainVerification';
import { MonitorChanges } from './MonitorChanges';
import { DomainBreachesDialog, MonitorHistoryDialog } from './MonitorDialogs';
import {
  displayStateLabels,
  kindLabels,
  type MonitorDisplayState,
  monitorDisplayState,
  monitorName,
  nextRunText,
  runStatusLabels,
  runStatusPalettes,
} from './monitor-display';
import type { Monitor, MonitorRun, MonitorWebsite } from './monitor-types';
import { formatDateTime } from '../format';

const statePalettes: Record<MonitorDisplayState, string> = { paused: 'gray', active: 'green', overdue: 'orange' };
const typeLabels: Record<Monitor['type'], string> = { weekly: 'Weekly (every 7 days)', monthly: 'Monthly (every 30 days)' };

/** A website monitor: how its last run saw the site, and what waits for the next run to confirm it. */
function WebsiteStatus({ website }: { website: MonitorWebsite }) {
  return (
    <Stack gap="1" data-testid="website-status">
      <Text wordBreak="break-all">
        <Text as="span" fontWeight="semibold">
          Website:
        </Text>{' '}
        {website.url}
      </Text>
      <Text color="fg">
        <Text as="span" fontWeight="semibold">
          Last check:
        </Text>{' '}
        {website.checkedAt ? `${formatDateTime(website.checkedAt)}, ${website.summary}` : 'not checked yet (the first run records how the site is now, without alerting)'}
      </Text>
      {website.pending.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Seen once, confirmed or dropped by the next run: {website.pending.join('; ')}
        </Text>
      )}
    </Stack>
  );
}

/** `onResend` is absent on a server that sends no email: then who can make the links instead. */
function Targets({ monitor, busy, onResend, operatorContact }: { monitor: Monitor; busy: boolean; onResend?: () => void; operatorContact?: string }) {
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
                  <Badge colorPalette="orange" variant="subtle" title="Not scanned until its owner follows its verification link">
                    Awaiting verification
                  </Badge>
                )}
              </List.Item>
            ))}
          </List.Root>
          {pending.size > 0 && onResend && (
            <Button size="xs" variant="outline" mt="2" onClick={onResend} disabled={busy}>
              Send the verification {pending.size === 1 ? 'link' : 'links'} again
            </Button>
          )}
          {pending.size > 0 && !onResend && (
            <Text fontSize="sm" color="fg.muted" mt="2" data-testid="no-mail-monitor-verification">
              This server does not send email yet, so no verification link reaches these addresses.
              {operatorContact ? ` The person who runs it can help: write to ${operatorContact}.` : ''}
            </Text>
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
              {run.changes.length > 0 && (
                <Box flexBasis="100%" mt="1">
                  <MonitorChanges changes={run.changes} label={`What changed on ${formatDateTime(run.startedAt)}`} />
                </Box>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}

/**
 * One monitor: its state and kind, what it watches (emails and handles with new verification links
 * on request; a website and how it was last seen; a domain with its proof of control and Have I
 * Been Pwned's side), type, next run, its last runs with what they changed, Pause/Activate,
 * Delete, its whole history, and a domain's breached addresses.
 */
export function MonitorCard({
  monitor,
  now,
  busy,
  onToggle,
  onDelete,
  onResend,
  operatorContact,
  onChanged,
}: {
  monitor: Monitor;
  now: Date;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
  /** Absent when this server sends no email (nothing to send again). */
  onResend?: () => void;
  /** Whom to ask for links when this server sends no email. */
  operatorContact?: string;
  /** Something of the monitor changed on the server (a domain verified): reload it. */
  onChanged: () => void;
}) {
  const [dialog, setDialog] = useState<'history' | 'breaches'>();
  const state = monitorDisplayState(monitor, now);
  const name = monitorName(monitor);
  // A paused monitor does not run, whatever date it kept.
  const nextRun = monitor.active ? monitor.nextRunAt : null;
  return (
    <Card.Root variant="outline" data-testid="monitor-card">
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Heading as="h2" size="md" wordBreak="break-all">
            {name}
          </Heading>
          <Flex gap="2">
            <Badge variant="outline" size="md" data-testid="monitor-kind">
              {kindLabels[monitor.kind]}
            </Badge>
            <Badge colorPalette={statePalettes[state]} variant="subtle" size="md" data-testid="monitor-state">
              {displayStateLabels[state]}
            </Badge>
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        {monitor.kind === 'identity' && <Targets monitor={monitor} busy={busy} onResend={onResend} operatorContact={operatorContact} />}
        {monitor.website && <WebsiteStatus website={monitor.website} />}
        {monitor.domain && <DomainVerification monitor={monitor} onVerified={onChanged} />}
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
        <Button variant="ghost" onClick={() => setDialog('history')}>
          History
        </Button>
        {monitor.domain?.verified && monitor.domain.breachedAddresses !== null && (
          <Button variant="ghost" onClick={() => setDialog('breaches')}>
            Breached addresses ({monitor.domain.breachedAddresses})
          </Button>
        )}
      </Card.Footer>
      <MonitorHistoryDialog monitorId={monitor.id} name={name} open={dialog === 'history'} onClose={() => setDialog(undefined)} />
      {monitor.domain && (
        <DomainBreachesDialog monitorId={monitor.id} domain={monitor.domain.domain} open={dialog === 'breaches'} onClose={() => setDialog(undefined)} />
      )}
    </Card.Root>
  );
}
