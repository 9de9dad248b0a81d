import { Badge, Box, List, Text } from '@chakra-ui/react';
import { changeKindLabels } from './monitor-display';
import type { MonitorChange } from './monitor-types';

/** What a run changed: each item's title, before and now, what was seen, and what to do. */
export function MonitorChanges({ changes, label = 'What changed' }: { changes: MonitorChange[]; label?: string }) {
  if (changes.length === 0) return null;
  return (
    <List.Root listStyle="none" gap="3" aria-label={label} data-testid="monitor-changes">
      {changes.map((change, index) => (
        <List.Item key={`${change.kind}:${change.title}:${index}`} borderStartWidth="3px" borderColor="orange.emphasized" ps="3">
          <Box>
            <Badge colorPalette="orange" variant="subtle" me="2">
              {changeKindLabels[change.kind]}
            </Badge>
            <Text as="span" fontWeight="semibold" wordBreak="break-word">
              {change.title}
            </Text>
          </Box>
          {(change.before || change.after) && (
            <Box as="dl" fontSize="sm" mt="1" display="grid" gridTemplateColumns="auto 1fr" columnGap="2">
              <Text as="dt" color="fg.muted">
                Before
              </Text>
              <Text as="dd" wordBreak="break-word">
                {change.before || '—'}
              </Text>
              <Text as="dt" color="fg.muted">
                Now
              </Text>
              <Text as="dd" wordBreak="break-word">
                {change.after || '—'}
              </Text>
            </Box>
          )}
          {change.evidence && change.evidence.length > 0 && (
            <Box mt="1">
              <Text fontSize="sm" color="fg.muted">
                Seen:
              </Text>
              <List.Root fontSize="sm" ps="4" gap="0.5">
                {change.evidence.map((line, i) => (
                  <List.Item key={i} wordBreak="break-all" fontFamily={/^https?:\/\/|request|Before:|Now:/.test(line) ? 'mono' : undefined}>
                    {line}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
          {change.recommendation && (
            <Text fontSize="sm" mt="1">
              <Text as="span" fontWeight="semibold">
                What to do:
              </Text>{' '}
              {change.recommendation}
            </Text>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}
