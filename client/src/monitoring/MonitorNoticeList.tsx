import { Alert, Box, Button, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useId } from 'react';
import { formatDate } from '../format';
import { changeKindLabels } from './monitor-display';
import type { MonitorNotice } from './monitor-types';

/**
 * The monitors' notices as Chakra alerts. Loaded (with Chakra's runtime) only when there is a notice
 * to show (MonitorNotices.tsx), so the dashboard's first render does without it.
 */
export function MonitorNoticeList({
  notices,
  dismissing,
  dismiss,
  headingAs,
}: {
  notices: MonitorNotice[];
  dismissing: string | undefined;
  dismiss: (id: string) => Promise<void>;
  headingAs: 'h2' | 'h3';
}) {
  const headingId = useId();
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
