import { Badge, Box, Flex, Heading, List, Table, Text } from '@chakra-ui/react';
import { GPC_OUTCOME_DISPLAY } from './scan-display';
import type { WebsiteAuditSummary } from './scan-types';
import { AskThemLinks } from '../requests/AskThemLinks';
import { OutLink } from './UsernameSites';

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5';

/** The browser tests' names on screen, in the order the check list has them. */
export const BROWSER_TEST_NAMES: Record<WebsiteAuditSummary['tests'][number]['id'], string> = {
  'canvas-fingerprinting': 'Canvas fingerprinting',
  'font-fingerprinting': 'Font fingerprinting',
  'session-recording': 'Session recording',
  'key-logging': 'Typed text sent before submitting',
  'meta-pixel': 'Meta pixel',
  'remarketing-audiences': 'Google remarketing audiences',
  'tiktok-x-pixels': 'TikTok and X pixels',
  'global-privacy-control': 'Global Privacy Control',
};

function testOutcome(test: WebsiteAuditSummary['tests'][number]): { text: string; palette: string } {
  if (test.status !== 'ok') return { text: 'not run', palette: 'gray' };
  return test.findings.length === 0 ? { text: 'not seen', palette: 'green' } : { text: 'found', palette: 'red' };
}

/**
 * What a visitor's browser saw on the site: whether the page's scripts ran, each browser test's
 * outcome with what it found, Global Privacy Control, and the third parties and cookies by name.
 * Shown to everyone, like the check lines: it names companies and cookies, nothing about a person.
 */
export function WebsiteAudit({ website, headingAs }: { website: WebsiteAuditSummary; headingAs: HeadingTag }) {
  const gpc = website.gpc ? GPC_OUTCOME_DISPLAY[website.gpc.outcome] : undefined;
  const still = website.gpc?.stillWith;
  const stillWith = still
    ? [
        ...still.trackers,
        ...still.cookies.map((c) => `cookie ${c}`),
        ...still.pixels.map((p) => `${p} event`),
        ...(still.recorders ?? []).map((r) => `${r} session recording`),
        ...(still.keyLogging ?? []).map((k) => `typed text sent: ${k}`),
        ...(still.fingerprinting ?? []).map((f) => `fingerprinting: ${f}`),
      ]
    : [];
  return (
    <Box as="section" aria-label="What a visitor's browser sees" data-testid="website-audit">
      <Heading as={headingAs} size="lg" mb="2">
        What a visitor&apos;s browser sees
      </Heading>
      {website.mode === 'rendered' ? (
        <Text color="fg" mb="3">
          We loaded {website.pageUrl} in a real browser (Chromium) and let its scripts run
          {website.requests ? `: ${website.requests.total} requests, ${website.requests.thirdParty} of them to other companies` : ''}.
          {website.headerGrade ? ` Security headers: ${website.headerGrade.grade} (${website.headerGrade.score}/100).` : ''}
        </Text>
      ) : (
        <Text color="orange.fg" mb="3" data-testid="static-fallback">
          Analysed without running the page&apos;s scripts{website.fallbackReason ? ` (${website.fallbackReason})` : ''}: trackers that scripts load were not seen, and
          the browser tests did not run.
        </Text>
      )}

      {website.tests.length > 0 && (
        <Table.Root size="sm" variant="line" mb="4">
          <Table.Caption textAlign="start" captionSide="top" color="fg.muted">
            Browser tests
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Test</Table.ColumnHeader>
              <Table.ColumnHeader>Outcome</Table.ColumnHeader>
              <Table.ColumnHeader>What we saw</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {website.tests.map((test) => {
              const outcome = testOutcome(test);
              return (
                <Table.Row key={test.id} data-test={test.id} data-outcome={outcome.text}>
                  <Table.Cell>{BROWSER_TEST_NAMES[test.id]}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={outcome.palette} variant="subtle">
                      {outcome.text}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell wordBreak="break-word">{test.findings.map((f) => f.value).join('; ') || '—'}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}

      {website.gpc && gpc && (
        <Box mb="4" data-testid="gpc-outcome">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold">Global Privacy Control (&quot;do not sell or share&quot;):</Text>
            <Badge colorPalette={gpc.palette} variant="subtle" size="lg">
              {gpc.text}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted" mt="1" data-testid="gpc-explained">
            Global Privacy Control is a setting in some browsers and privacy extensions. When it is on, the browser adds the line
            &quot;Sec-GPC: 1&quot; to every request, which tells the site &quot;do not sell or share my personal data&quot;; in California and Colorado
            the law says sites must treat it as that request. We visited the page a second time with the setting on and compared what still
            happened.
          </Text>
          {stillWith.length > 0 && (
            <>
              <Text fontSize="sm" color="fg.muted" mt="1">
                Still there with the signal on:
              </Text>
              <List.Root ps="5" fontSize="sm">
                {stillWith.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            </>
          )}
        </Box>
      )}

      {website.trackers.length > 0 && (
        <Box mb="4">
          <Text fontWeight="semibold" mb="1">
            Known trackers ({website.trackers.length})
          </Text>
          <List.Root ps="5" fontSize="sm">
            {website.trackers.map((t) => (
              <List.Item key={`${t.name}|${t.category}`}>
                {t.name} <Text as="span" color="fg.muted">({t.company}, {t.category})</Text>
                <AskThemLinks label={`the tracker ${t.name} (${t.company})`} company={t.company} />
              </List.Item>
            ))}
          </List.Root>
          {website.trackerList && <TrackerListCredit list={website.trackerList} />}
        </Box>
      )}

      {website.referencedTrackers && website.referencedTrackers.length > 0 && (
        <Box mb="4" data-testid="referenced-trackers">
          <Text fontWeight="semibold" mb="1">
            In the page&apos;s code, not loaded during our visit ({website.referencedTrackers.length})
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="1">
            These tags are written into the page but did not run while we looked (for example they wait for consent or a click). They do not count
            against the site.
          </Text>
          <List.Root ps="5" fontSize="sm">
            {website.referencedTrackers.map((t) => (
              <List.Item key={`${t.name}|${t.category}`}>
                {t.name} <Text as="span" color="fg.muted">({t.company}, {t.category})</Text>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}

      <Flex gap="8" wrap="wrap">
        <Box minW="14rem" flex="1">
          <Text fontWeight="semibold" mb="1">
            Third parties ({website.thirdParties.length})
          </Text>
          {website.thirdParties.length === 0 ? (
            <Text color="fg.muted">None</Text>
          ) : (
            <List.Root ps="5" fontSize="sm">
              {website.thirdParties.map((domain) => (
                <List.Item key={domain}>{domain}</List.Item>
              ))}
            </List.Root>
          )}
        </Box>
        <Box minW="14rem" flex="1">
          <Text fontWeight="semibold" mb="1">
            Cookies ({website.cookies.length})
          </Text>
          {website.cookies.length === 0 ? (
            <Text color="fg.muted">None</Text>
          ) : (
            <List.Root ps="5" fontSize="sm">
              {website.cookies.map((c) => (
                <List.Item key={`${c.domain}|${c.name}`}>
                  {c.name}{' '}
                  <Text as="span" color="fg.muted" overflowWrap="anywhere">
                    ({c.party}-party, {c.domain}, {c.setter ?? (c.setBy === 'unknown' ? 'set while the page ran' : `set by ${c.setBy === 'script' ? 'a script' : 'a header'}`)}
                    {c.lifetime ? `, lasts ${c.lifetime}` : ''}
                    {c.tracking ? ', tracking' : ''})
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      </Flex>
    </Box>
  );
}

/** The fetched tracker list's credit (its licence asks for it), with when it was fetched. */
function TrackerListCredit({ list }: { list: NonNullable<WebsiteAuditSummary['trackerList']> }) {
  const fetched = new Date(list.fetchedAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return (
    <Text fontSize="xs" color="fg.muted" mt="1" data-testid="tracker-list-credit">
      Trackers named with the list of <OutLink href={list.url}>{list.name}</OutLink>
      {list.license && (
        <>
          {' '}
          ({list.licenseUrl ? <OutLink href={list.licenseUrl}>{list.license}</OutLink> : list.license})
        </>
      )}
      , fetched {fetched}, and with Footprint&apos;s own catalogue.
    </Text>
  );
}
