import { Badge, Box, Button, Card, Code, Flex, Heading, Link, List, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { ScoreCircle } from '../components/ScoreCircle';
import { AskThemLinks } from '../requests/AskThemLinks';
import { CheckList } from './CheckList';
import { UsernameSites } from './UsernameSites';
import { formatDate, formatNumber } from '../format';
import { WebsiteAudit } from './WebsiteAudit';
import {
  breachSourceName,
  capitalize,
  checkStatusText,
  GROUP_TITLES,
  groupCountView,
  htmlToText,
  LEVEL_PALETTE,
  safeHttpsUrl,
  scoreTone,
} from './scan-display';
import {
  type AnalysisResult,
  type BreachDetail,
  type DemoBreachDetail,
  type Evidence,
  FINDING_GROUPS,
  type FindingDetail,
  type FindingGroup,
  type Pastes,
  type RiskDetail,
  type ScoreCost,
} from './scan-types';

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5';
const below = (tag: HeadingTag): HeadingTag => (tag === 'h2' ? 'h3' : tag === 'h3' ? 'h4' : 'h5');

export interface ScanResultsProps {
  result: AnalysisResult;
  /** The level of the results title; sections go one level below. */
  headingAs: HeadingTag;
  onScanAnother: () => void;
  /** Runs the same input again (offered when the result is incomplete). */
  onTryAgain?: () => void;
}

/** The widget's results view, loaded on demand to keep the landing page light. */
export default function ScanResults({ result, headingAs, onScanAnother, onTryAgain }: ScanResultsProps) {
  const { state } = useAuth();
  const signedIn = state.status === 'signedIn';
  const showDetails = signedIn && result.detailsIncluded;
  const sub = below(headingAs);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const mainAnswers = result.checks.find((check) => check.id === result.coverage.mainCheck)?.answers;

  // Move focus to the results so keyboard and screen-reader users land on them.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  return (
    <Stack gap="8">
      <Flex gap="6" align="center" direction={{ base: 'column', sm: 'row' }} textAlign={{ base: 'center', sm: 'start' }}>
        <ResultScore result={result} />
        <Box minW="0">
          <Heading as={headingAs} ref={titleRef} tabIndex={-1} size="xl" outline="none" wordBreak="break-word">
            Results for {result.input}
          </Heading>
          <Flex mt="2" gap="2" align="center" wrap="wrap" justify={{ base: 'center', sm: 'flex-start' }}>
            {result.mode === 'demo' ? (
              <Badge colorPalette="gray" variant="outline" size="lg">
                Demo Analysis
              </Badge>
            ) : result.coverage.complete ? (
              <Badge colorPalette="green" variant="subtle" size="lg">
                Real Analysis
              </Badge>
            ) : (
              <Badge colorPalette="orange" variant="subtle" size="lg">
                Incomplete
              </Badge>
            )}
            {result.mode === 'real' && (
              <Text color="fg.muted" fontSize="sm" data-testid="coverage-line">
                Based on {result.coverage.checksRun} of {result.coverage.checksTotal} checks
                {mainAnswers ? `; ${mainAnswers.answered} of ${mainAnswers.asked} ${result.coverage.mainCheck === 'username' ? 'sites' : 'sources'} answered` : ''}
              </Text>
            )}
          </Flex>
          {result.mode === 'demo' && (
            <Text mt="2" color="fg.muted" fontSize="sm">
              None of our real checks could run for this input just now, so this is a labelled sample, not a finding about you.
            </Text>
          )}
        </Box>
      </Flex>

      {!result.coverage.complete && <IncompleteNotice result={result} headingAs={sub} onTryAgain={onTryAgain} />}

      {result.mode === 'real' && result.privacyScore !== null && result.topCosts && result.topCosts.length > 0 && (
        <TopCosts costs={result.topCosts} headingAs={sub} />
      )}

      <SimpleGrid minChildWidth="14rem" gap="4">
        {FINDING_GROUPS.map((group) => (
          <GroupCard key={group} group={group} result={result} showDetails={showDetails} headingAs={sub} />
        ))}
      </SimpleGrid>

      {result.pastes && <PastesCard pastes={result.pastes} headingAs={sub} />}

      {result.usernameSites && result.usernameSites.length > 0 && <UsernameSites sites={result.usernameSites} siteList={result.usernameSiteList} headingAs={sub} />}

      {result.website && <WebsiteAudit website={result.website} headingAs={sub} />}

      {!signedIn && (
        <Card.Root variant="subtle" bg="blue.subtle">
          <Card.Body gap="3" alignItems={{ base: 'stretch', sm: 'center' }} textAlign="center">
            <Heading as={sub} size="lg">
              Get More Detailed Results
            </Heading>
            <Text color="fg">
              Create a free account to see every finding with its evidence and source, and to keep a history of your scans.
            </Text>
            <Button asChild colorPalette="blue">
              <RouterLink to="/signup">Sign Up Free</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
      )}

      <Box>
        <Heading as={sub} size="lg" mb="3">
          Checks
        </Heading>
        <CheckList label="Checks run for this scan" checks={result.checks.map((report) => ({ id: report.id, label: report.label, report }))} />
      </Box>

      <Box>
        <Heading as={sub} size="lg" mb="3">
          Privacy Recommendations
        </Heading>
        {result.recommendations.length === 0 ? (
          <Text color="fg.muted">Nothing to fix from the checks that ran.</Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="4">
            {result.recommendations.map((recommendation) => (
              <Card.Root as="li" key={`${recommendation.category}|${recommendation.action}`} variant="outline" size="sm">
                <Card.Body gap="2">
                  <Flex justify="space-between" gap="2" align="flex-start">
                    <Text fontWeight="semibold">{recommendation.category}</Text>
                    <Badge colorPalette={LEVEL_PALETTE[recommendation.priority]} variant="subtle">
                      {capitalize(recommendation.priority)}
                    </Badge>
                  </Flex>
                  <Text color="fg">{recommendation.action}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
      </Box>

      <Flex justify="center">
        <Button variant="outline" colorPalette="blue" onClick={onScanAnother}>
          Scan Another
        </Button>
      </Flex>
    </Stack>
  );
}

/**
 * The result's score: the coloured privacy score only when the main check ran; no score at all for
 * an incomplete result, a demo included (a demo is incomplete by definition: a sample number beside
 * "we give no score" would contradict it).
 */
function ResultScore({ result }: { result: AnalysisResult }) {
  if (result.mode === 'demo' || result.privacyScore === null) {
    return (
      <Flex
        role="img"
        aria-label="No privacy score: the main check could not run"
        data-testid="result-score"
        data-tone="none"
        boxSize="32"
        flexShrink={0}
        rounded="full"
        bg="bg.muted"
        color="fg"
        borderWidth="6px"
        borderColor="border"
        direction="column"
        align="center"
        justify="center"
        textAlign="center"
      >
        <Text fontSize="md" fontWeight="bold" lineHeight="1.2">
          No score
        </Text>
        <Text fontSize="xs">not checked</Text>
      </Flex>
    );
  }
  return <ScoreCircle name="Privacy score" score={result.privacyScore} tone={scoreTone(result.privacyScore)} testId="result-score" />;
}

/**
 * The findings that took the most points off the score, each with its points and, for viewers who
 * see details, how they were reached (the model: docs/SCORING.md).
 */
function TopCosts({ costs, headingAs }: { costs: readonly ScoreCost[]; headingAs: HeadingTag }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="top-costs">
      <Heading as={headingAs} id={headingId} size="lg" mb="1">
        What costs the most
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="3">
        The score starts at 100. Each finding takes off points by how serious it is; a breach by the data it exposed and how long ago it
        happened. Facts about your mail provider, which you cannot change, cost nothing.
      </Text>
      <List.Root as="ol" gap="2" listStyleType="none" ms="0">
        {costs.map((cost, index) => (
          <List.Item key={`${index}|${cost.label}`}>
            <Flex gap="3" align="flex-start">
              <Text as="span" fontWeight="bold" color="red.fg" minW="4.5rem" flexShrink={0}>
                −{cost.points} {cost.points === 1 ? 'point' : 'points'}
              </Text>
              <Box minW="0">
                <Text as="span" wordBreak="break-word">
                  {cost.label}
                </Text>{' '}
                <Badge colorPalette={LEVEL_PALETTE[cost.risk]} variant="subtle" size="sm">
                  {capitalize(cost.risk)}
                </Badge>
                {cost.why && (
                  <Text color="fg.muted" fontSize="sm">
                    {capitalize(cost.why)}
                  </Text>
                )}
              </Box>
            </Flex>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** What could not be checked, why, and a way to try again when trying again can help. */
function IncompleteNotice({ result, headingAs, onTryAgain }: { result: AnalysisResult; headingAs: HeadingTag; onTryAgain?: () => void }) {
  const { coverage } = result;
  const main = coverage.unchecked.find((check) => check.id === coverage.mainCheck);
  // The main check ran but too few of its sources answered (the 80% rule): say how many did.
  const short = coverage.partial.find((check) => check.id === coverage.mainCheck && check.answers && check.answers.answered < check.answers.required);
  const noun = coverage.mainCheck === 'username' ? 'sites' : 'sources';
  return (
    <Card.Root variant="outline" borderColor="orange.muted" bg="orange.subtle" data-testid="incomplete-notice">
      <Card.Body gap="3">
        <Heading as={headingAs} size="md">
          This result is incomplete
        </Heading>
        <Text color="fg" data-testid="incomplete-reason">
          {short?.answers
            ? `Only ${short.answers.answered} of ${short.answers.asked} ${noun} gave a usable answer (at least ${short.answers.required} are needed), `
            : main
              ? `${main.label} could not run, `
              : 'The main check could not run, '}
          so we cannot say how exposed this is and give no score. Nothing here means you are safe.
        </Text>
        <Box>
          <Text fontWeight="medium">Not checked:</Text>
          <List.Root ps="5" gap="1">
            {coverage.unchecked.map((check) => (
              <List.Item key={check.id}>
                {check.label}: {checkStatusText({ id: check.id, label: check.label, status: check.status, findings: 0, durationMs: 0, retryAfterSeconds: check.retryAfterSeconds })}
                {check.message ? ` (${check.message})` : ''}
              </List.Item>
            ))}
          </List.Root>
        </Box>
        {coverage.retryable && onTryAgain ? (
          <Button alignSelf="flex-start" colorPalette="blue" onClick={onTryAgain}>
            Try again
          </Button>
        ) : (
          !coverage.retryable && (
            <Text fontSize="sm" color="fg.muted">
              Trying again now will not help: the check cannot run for this input on this server.
            </Text>
          )
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A result card's title and how many were found: red when any, green only when every check of the group ran, "Not checked" when none did. */
function CountHeading({ title, count, checked, headingAs }: { title: string; count: number; checked: 'all' | 'some' | 'none'; headingAs: HeadingTag }) {
  const view = groupCountView(count, checked);
  return (
    <Flex justify="space-between" align="baseline" gap="2">
      <Heading as={headingAs} size="md">
        {title}
      </Heading>
      <Text fontSize={view.tone === 'not-checked' ? 'sm' : '2xl'} fontWeight="bold" color={view.color} data-count={view.tone}>
        {view.text}
        {view.tone !== 'not-checked' && <VisuallyHidden> found</VisuallyHidden>}
      </Text>
    </Flex>
  );
}

function GroupCard({ group, result, showDetails, headingAs }: { group: FindingGroup; result: AnalysisResult; showDetails: boolean; headingAs: HeadingTag }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const data = result[group];
  const expandable = showDetails && data.details.length > 0;
  const title = GROUP_TITLES[group];

  return (
    <Card.Root variant="outline" size="sm" gridColumn={open ? '1 / -1' : undefined} data-group={group}>
      <Card.Body gap="2">
        {/* An incomplete result reassures about nothing: its zeros stay grey. */}
        <CountHeading title={title} count={data.count} checked={data.checked === 'all' && !result.coverage.complete ? 'some' : data.checked} headingAs={headingAs} />
        <Text color="fg.muted">{data.summary}</Text>
        {expandable && (
          <>
            <Button
              alignSelf="flex-start"
              variant="ghost"
              size="sm"
              colorPalette="blue"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? 'Hide details' : 'Show details'}
              <VisuallyHidden> for {title}</VisuallyHidden>
            </Button>
            <Box id={detailsId} hidden={!open}>
              {open && (
                <List.Root gap="4" listStyle="none">
                  {data.details.map((detail, index) => (
                    <List.Item key={index} borderTopWidth="1px" pt="3">
                      <Detail detail={detail} />
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Pastes holding the address: the count for everyone; which pastes only for the signed-in owner of
 * the verified address (the server leaves them out for anyone else).
 */
function PastesCard({ pastes, headingAs }: { pastes: Pastes; headingAs: HeadingTag }) {
  return (
    <Card.Root variant="outline" size="sm" data-group="pastes">
      <Card.Body gap="2">
        <CountHeading title="Pastes" count={pastes.count} checked="all" headingAs={headingAs} />
        <Text color="fg.muted">{pastes.summary}</Text>
        <Text fontSize="sm" color="fg.muted">
          Text published on sites such as Pastebin that contains this address. Checked with:{' '}
          {pastes.sources.map(breachSourceName).join(', ')}.
        </Text>
        {pastes.details.length > 0 && (
          <List.Root gap="3" listStyle="none" aria-label="Pastes holding this address">
            {pastes.details.map((paste) => (
              <List.Item key={`${paste.source}|${paste.id}`} borderTopWidth="1px" pt="2">
                <Text fontWeight="semibold" wordBreak="break-word">
                  {paste.title ?? `Paste ${paste.id}`}
                  {paste.site ? ` on ${paste.site}` : ''}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {[paste.date ? formatDate(paste.date) : undefined, paste.recordCount !== undefined ? `${formatNumber(paste.recordCount)} records` : undefined]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <EvidenceBlock evidence={paste.evidence} source={breachSourceName(paste.source)} />
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Detail({ detail }: { detail: FindingDetail }) {
  switch (detail.kind) {
    case 'breach':
      return <Breach detail={detail} />;
    case 'demo-breach':
      return <DemoBreach detail={detail} />;
    case 'risk':
      return <Risk detail={detail} />;
  }
}

function Level({ level }: { level: BreachDetail['risk'] }) {
  return (
    <Badge colorPalette={LEVEL_PALETTE[level]} variant="subtle">
      {capitalize(level)} risk
    </Badge>
  );
}

interface DetailLayoutProps {
  title: string;
  level: BreachDetail['risk'];
  /** One line of facts under the title: when, how many, where. */
  facts?: ReactNode;
  /** HTML from the source, shown as plain text. */
  description?: string;
  evidence: Evidence;
  source: string;
  children?: ReactNode;
}

/** What every detail shows: its title and risk level, a line of facts, what it adds, its description, its evidence. */
function DetailLayout({ title, level, facts, description, evidence, source, children }: DetailLayoutProps) {
  return (
    <Stack gap="1.5">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold" wordBreak="break-word">
          {title}
        </Text>
        <Level level={level} />
      </Flex>
      {facts !== undefined && (
        <Text fontSize="sm" color="fg.muted">
          {facts}
        </Text>
      )}
      {children}
      {description !== undefined && (
        <Text fontSize="sm" color="fg">
          {htmlToText(description)}
        </Text>
      )}
      <EvidenceBlock evidence={evidence} source={source} />
    </Stack>
  );
}

function Breach({ detail }: { detail: BreachDetail }) {
  return (
    <DetailLayout
      title={detail.title}
      level={detail.risk}
      facts={
        <>
          Breached {formatDate(detail.breachDate)} · {formatNumber(detail.pwnCount)} accounts
        </>
      }
      description={detail.description}
      evidence={detail.evidence}
      source={detail.source}
    >
      {detail.dataClasses.length > 0 && (
        <Text fontSize="sm">
          <Text as="span" fontWeight="medium">
            Data exposed:
          </Text>{' '}
          {detail.dataClasses.join(', ')}
        </Text>
      )}
      {detail.domain && <AskThemLinks label={`the ${detail.title} breach`} domains={[detail.domain]} />}
    </DetailLayout>
  );
}

function DemoBreach({ detail }: { detail: DemoBreachDetail }) {
  return (
    <DetailLayout
      title={detail.name}
      level={detail.severity}
      facts={formatDate(detail.date)}
      description={detail.description}
      evidence={detail.evidence}
      source={detail.source}
    />
  );
}

function Risk({ detail }: { detail: RiskDetail }) {
  return (
    <DetailLayout
      title={detail.value}
      level={detail.risk}
      facts={detail.platform ? <>Platform: {detail.platform}</> : undefined}
      evidence={detail.evidence}
      source={detail.source}
    />
  );
}

function EvidenceBlock({ evidence, source }: { evidence: Evidence; source: string }) {
  const url = safeHttpsUrl(evidence.url);
  return (
    <Box fontSize="sm" bg="bg.subtle" rounded="md" p="2">
      <Text>
        <Text as="span" fontWeight="medium">
          Evidence:
        </Text>{' '}
        {evidence.summary}
      </Text>
      {evidence.observed && (
        <Code mt="1" display="block" whiteSpace="pre-wrap" wordBreak="break-all" bg="bg.panel">
          {evidence.observed}
        </Code>
      )}
      <Text mt="1" color="fg.muted">
        Source: {source}
        {url && (
          <>
            {' · '}
            <Link href={url} target="_blank" rel="noopener noreferrer" color="blue.fg" variant="underline">
              View the public record
            </Link>
          </>
        )}
      </Text>
    </Box>
  );
}
