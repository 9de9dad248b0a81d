import { Alert, Box, Button, Card, Container, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../components/account/ConfirmDialog';
import { CreateMonitorModal } from '../monitoring/CreateMonitorModal';
import { MonitorCard } from '../monitoring/MonitorCard';
import { MonitorNotices } from '../monitoring/MonitorNotices';
import { loadMonitors, removeMonitor, resendVerificationLinks, toggleMonitor } from '../monitoring/monitor-actions';
import { useSiteInfo } from '../site/use-site-info';
import { AT_LIMIT_MESSAGE } from '../monitoring/monitor-display';
import type { Monitor, MonitorList } from '../monitoring/monitor-types';
import { useQuery } from '../hooks/use-query';

/** While a run is due: how often, and how many times, the list is reloaded. */
const DUE_POLL_MS = 3_000;
const DUE_POLLS = 10;

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: MonitorList };

/** The current time, renewed every minute so next-run texts and Overdue badges stay true on an open page. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}


/** The monitor list; `refresh` reloads it in place (a failed reload keeps what is shown, and toasts). */
function useMonitorList(): [ListState, () => void] {
  const [state, refresh] = useQuery('monitors', loadMonitors, { keepPrevious: true });
  // A run is due now (a monitor just created or activated runs at once on the server): look again
  // shortly, a bounded number of times, so its card moves on from 'Overdue' by itself.
  const polls = useRef(0);
  useEffect(() => {
    const due = state.status === 'ready' && state.data.monitors.some((m) => m.active && m.nextRunAt !== null && Date.parse(m.nextRunAt) <= Date.now());
    if (!due) {
      polls.current = 0;
      return;
    }
    if (polls.current >= DUE_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      refresh();
    }, DUE_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, refresh]);
  return [state, refresh];
}

function EmptyState({ atLimit, onCreate }: { atLimit: boolean; onCreate: () => void }) {
  return (
    <Card.Root variant="outline" data-testid="monitors-empty">
      <Card.Body alignItems="center" textAlign="center" gap="3" py="10">
        <Heading as="h2" size="lg">
          No monitors yet
        </Heading>
        <Text color="fg.muted" maxW="lg">
          {atLimit
            ? 'Monitors come with the Plus, Pro and Business plans.'
            : 'Set a monitor on your email addresses and handles, a website or an email domain, and we will tell you when something new appears.'}
        </Text>
        {atLimit ? (
          <Button asChild colorPalette="blue">
            <RouterLink to="/pricing">Upgrade Plan</RouterLink>
          </Button>
        ) : (
          <Button colorPalette="blue" onClick={onCreate}>
            Create Your First Monitor
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Privacy Monitoring: the counter, the monitors, the create modal. */
export default function MonitoringPage() {
  const [list, refresh] = useMonitorList();
  const now = useNow();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Monitor>();
  const [busyId, setBusyId] = useState<string>();
  const site = useSiteInfo();
  // A server without mail cannot send links again: the card says whom to ask instead.
  const noMail = site.status === 'ready' && !site.data.sendsEmail;

  async function toggle(monitor: Monitor) {
    setBusyId(monitor.id);
    if (await toggleMonitor(monitor)) refresh();
    setBusyId(undefined);
  }

  async function resend(monitor: Monitor) {
    setBusyId(monitor.id);
    if (await resendVerificationLinks(monitor.id)) refresh();
    setBusyId(undefined);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusyId(deleting.id);
    if (await removeMonitor(deleting.id)) {
      setDeleting(undefined);
      refresh();
    }
    setBusyId(undefined);
  }

  const data = list.status === 'ready' ? list.data : undefined;
  const underLimit = data !== undefined && data.activeCount < data.limit;

  return (
    <Container maxW="6xl" py="10">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        {/* The text takes the room left by the counter, so the two share a row from about 700 px. */}
        <Box flex="1 1 28rem">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Privacy Monitoring
          </Heading>
          <Text mt="2" color="fg.muted">
            Your email addresses and handles, your websites and, on the Business plan, whole email domains, re-checked every
            week or month. New breaches, pastes, exposures, sites with your name and changes to your sites reach you by email
            and here.
          </Text>
        </Box>
        {data && (
          <Stack align={{ base: 'flex-start', md: 'flex-end' }} gap="2" flexShrink={0}>
            <Text color="fg">
              Active monitors:{' '}
              <Text as="span" fontWeight="bold" data-testid="monitor-counter">
                {data.activeCount} / {data.limit}
              </Text>
            </Text>
            {underLimit && (
              <Button colorPalette="blue" onClick={() => setCreating(true)}>
                Create Monitor
              </Button>
            )}
          </Stack>
        )}
      </Flex>

      <Stack gap="6" mt="8">
        <MonitorNotices />

        {data && !underLimit && (
          <Alert.Root status="info" data-testid="monitor-limit">
            <Alert.Indicator />
            <Alert.Title>{AT_LIMIT_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}

        {list.status === 'loading' && (
          <Flex justify="center" py="10" role="status" gap="3" align="center">
            <Spinner color="blue.fg" />
            <Text>Loading monitors…</Text>
          </Flex>
        )}
        {list.status === 'error' && (
          <Stack align="flex-start" gap="3">
            <Text color="red.fg">Your monitors could not be loaded.</Text>
            <Button variant="outline" onClick={() => refresh()}>
              Try again
            </Button>
          </Stack>
        )}
        {data && data.monitors.length === 0 && <EmptyState atLimit={!underLimit} onCreate={() => setCreating(true)} />}
        {data && data.monitors.length > 0 && (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {data.monitors.map((monitor) => (
              <MonitorCard
                key={monitor.id}
                monitor={monitor}
                now={now}
                busy={busyId === monitor.id}
                onToggle={() => void toggle(monitor)}
                onDelete={() => setDeleting(monitor)}
                onResend={noMail ? undefined : () => void resend(monitor)}
                operatorContact={noMail ? site.data.contactEmail : undefined}
                onChanged={() => refresh()}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <CreateMonitorModal open={creating} onClose={() => setCreating(false)} onCreated={() => refresh()} />
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete monitor"
        confirmLabel="Delete"
        busy={deleting !== undefined && busyId === deleting.id}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      >
        <Text>Are you sure you want to delete this monitor?</Text>
      </ConfirmDialog>
    </Container>
  );
}
