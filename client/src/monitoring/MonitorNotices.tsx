import { Alert, Box, Button, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useEffect, useId, useState } from 'react';
import { api } from '../api/client';
import { notify } from '../components/toaster';
import { changeKindLabels } from './monitor-display';
import type { MonitorNotice } from './monitor-types';
import { formatDate } from '../format';

/**
 * What monitors found that is new (GET /api/monitoring/notices), each dismissible. Renders nothing
 * while loading, when there is nothing new, or when the notices could not be loaded (the page
 * around it has its own content; the email alert carries the same news).
 */
export function MonitorNotices({ headingAs = 'h2' }: { headingAs?: 'h2' | 'h3' }) {
  const [notices, setNotices] = useState<MonitorNotice[]>([]);
  const [dismissing, setDismissing] = useState<string>();
  const headingId = useId();

  useEffect(() => {
    let live = true;
    api.GET('/api/monitoring/notices').then(
      // Anything but a list (an error body, an unexpected answer) shows no notices rather than failing the page.
      ({ data }) => live && Array.isArray(data?.notices) && setNotices(data.notices),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  async function dismiss(id: string) {
    setDismissing(id);
    try {
      const { response } = await api.POST('/api/monitoring/notices/{id}/dismiss', { params: { path: { id } } });
      // Already gone on the server (404) is as good as dismissed.
      if (response.ok || response.status === 404) setNotices((list) => list.filter((n) => n.id !== id));
      else notify.error('Failed to dismiss the notice');
    } catch {
      notify.error('Error dismissing the notice');
    } finally {
      setDismissing(undefined);
    }
  }

  if (notices.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="monitor-notices">
      <Heading as={headingAs} id={headingId} size="lg" mb="3">
        {notices.some((n) => n.scanId) ? 'New for you' : 'New from your monitors'}
      </Heading>
      <Stack gap="3">
        {notices.map((notice) => (
          <Alert.Root key={notice.id} status="warning" alignItems="flex-start" data-testid="monitor-notice">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
                <Box>
                  <Alert.Title>{notice.summary}</Alert.Title>
                  <Text fontSize="sm" color="fg.muted">
                    Found <time dateTime={notice.createdAt}>{formatDate(notice.createdAt)}</time>
                  </Text>
                </Box>
                <Button size="sm" variant="outline" bg="bg.panel" onClick={() => void dismiss(notice.id)} loading={dismissing === notice.id}>
                  Dismiss
                </Button>
              </Flex>
              <List.Root gap="2" ps="4">
                {notice.items.map((item, index) => (
                  <List.Item key={`${item.kind}:${item.target}:${item.title}:${index}`}>
                    <Text>
                      <Text as="span" fontWeight="semibold">
                        {changeKindLabels[item.kind]}:
                      </Text>{' '}
                      {item.title} <Text as="span" color="fg.muted" wordBreak="break-all">({item.target})</Text>
                    </Text>
                    {(item.before || item.after) && (
                      <Text fontSize="sm" color="fg" wordBreak="break-word">
                        Before: {item.before || '—'}. Now: {item.after || '—'}.
                      </Text>
                    )}
                    {item.evidence && item.evidence.length > 0 && (
                      <Text fontSize="sm" color="fg" wordBreak="break-all">
                        Seen: {item.evidence.slice(0, 4).join('; ')}
                        {item.evidence.length > 4 ? '; …' : ''}
                      </Text>
                    )}
                    <Text fontSize="sm" color="fg">
                      {item.recommendation}
                    </Text>
                    {notice.scanId && (
                      <Link asChild fontSize="sm" colorPalette="blue">
                        <RouterLink to={`/history?scan=${encodeURIComponent(notice.scanId)}`}>Open the scan</RouterLink>
                      </Link>
                    )}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Content>
          </Alert.Root>
        ))}
      </Stack>
    </Box>
  );
}
