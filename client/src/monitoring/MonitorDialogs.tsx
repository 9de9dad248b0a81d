import { Badge, Box, Button, CloseButton, Dialog, Flex, List, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { Pager } from '../components/Pager';
import { formatDate, formatDateTime } from '../format';
import { downloadDomainBreaches, loadDomainBreaches, loadRuns } from './monitor-actions';
import { MonitorChanges } from './MonitorChanges';
import { runStatusLabels, runStatusPalettes } from './monitor-display';
import type { DomainBreaches, MonitorRunList } from './monitor-types';

const RUNS_PER_PAGE = 10;
const ADDRESSES_PER_PAGE = 25;

/** A large dialog with a title, a close button and a body. */
function WideDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="xl" scrollBehavior="inside" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title wordBreak="break-all">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <Flex gap="2" align="center" role="status">
      <Spinner size="sm" color="blue.fg" />
      <Text>Loading {what}…</Text>
    </Flex>
  );
}

/** Every run of a monitor, newest first, with what each changed (before, after, evidence). */
export function MonitorHistoryDialog({ monitorId, name, open, onClose }: { monitorId: string; name: string; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<MonitorRunList>();
  useEffect(() => {
    if (!open) return;
    let live = true;
    void loadRuns(monitorId, page, RUNS_PER_PAGE).then((data) => live && data && setList(data));
    return () => {
      live = false;
    };
  }, [monitorId, page, open]);

  return (
    <WideDialog open={open} title={`History of ${name}`} onClose={onClose}>
      {!list ? (
        <Loading what="the history" />
      ) : list.runs.length === 0 ? (
        <Text color="fg.muted">No runs yet.</Text>
      ) : (
        <>
          <List.Root listStyle="none" gap="4" aria-label="Runs" data-testid="monitor-history">
            {list.runs.map((run) => (
              <List.Item key={run.id} borderBottomWidth="1px" pb="3">
                <Flex gap="2" align="baseline" wrap="wrap">
                  <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
                  <Badge colorPalette={runStatusPalettes[run.status]} variant="subtle">
                    {runStatusLabels[run.status]}
                  </Badge>
                </Flex>
                <Text mt="1">{run.summary}</Text>
                <Box mt="2">
                  <MonitorChanges changes={run.changes} label={`What changed on ${formatDateTime(run.startedAt)}`} />
                </Box>
              </List.Item>
            ))}
          </List.Root>
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={setPage} />
        </>
      )}
    </WideDialog>
  );
}

/** A domain's breached addresses from the last search: the breaches, a page of addresses, and the CSV of them all. */
export function DomainBreachesDialog({ monitorId, domain, open, onClose }: { monitorId: string; domain: string; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<DomainBreaches>();
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void loadDomainBreaches(monitorId, page, ADDRESSES_PER_PAGE).then((answer) => live && answer && setData(answer));
    return () => {
      live = false;
    };
  }, [monitorId, page, open]);

  async function download() {
    setDownloading(true);
    await downloadDomainBreaches(monitorId);
    setDownloading(false);
  }

  return (
    <WideDialog open={open} title={`Breached addresses at ${domain}`} onClose={onClose}>
      {!data ? (
        <Loading what="the breached addresses" />
      ) : (
        <Stack gap="4" data-testid="domain-breaches">
          <Flex justify="space-between" gap="3" wrap="wrap" align="center">
            <Text color="fg.muted">
              {data.searchedAt ? `Searched ${formatDateTime(data.searchedAt)}: ` : ''}
              {data.hibp.message}
            </Text>
            <Button size="sm" variant="outline" onClick={() => void download()} loading={downloading} disabled={data.total === 0}>
              Download CSV
            </Button>
          </Flex>
          {data.breaches.length > 0 && (
            <Table.Root size="sm" variant="line" aria-label="Breaches holding addresses of the domain">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Breach</Table.ColumnHeader>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Data exposed</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Addresses</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.breaches.map((breach) => (
                  <Table.Row key={breach.name}>
                    <Table.Cell>
                      {breach.title}
                      {breach.isSensitive && (
                        <Badge ms="2" colorPalette="red" variant="subtle">
                          Sensitive
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>{breach.breachDate ? formatDate(breach.breachDate) : '—'}</Table.Cell>
                    <Table.Cell>{breach.dataClasses.join(', ') || '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{breach.addresses}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {data.addresses.length > 0 && (
            <Table.Root size="sm" variant="line" aria-label="Breached addresses">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Address</Table.ColumnHeader>
                  <Table.ColumnHeader>In</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.addresses.map((address) => (
                  <Table.Row key={address.email}>
                    <Table.Cell wordBreak="break-all">{address.email}</Table.Cell>
                    <Table.Cell>{address.breaches.map((name) => data.breaches.find((b) => b.name === name)?.title ?? name).join(', ')}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </Stack>
      )}
    </WideDialog>
  );
}
