import { Badge, Box, Card, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { Pager } from '../components/Pager';
import { AveragePrivacyScoreCard, PrivacyTrendCard } from '../components/PrivacyFigures';
import { StatCard } from '../components/StatCard';
import { formatDate, formatNumber } from '../format';
import { capitalize, GPC_OUTCOME_DISPLAY, LEVEL_PALETTE } from '../scans/scan-display';
import { CATEGORY_LEVEL_PALETTE, RISK_CATEGORIES, VIOLATION_TYPE_LABEL } from './report-display';
import { JURISDICTION_LABELS, KIND_LABELS, STATUS_LABELS } from '../requests/request-types';
import type { Report } from './report-types';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} data-section={id}>
      <Heading as="h2" size="xl" id={id} mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function None({ children }: { children: ReactNode }) {
  return <Text color="fg.muted">{children}</Text>;
}

function Seen({ children }: { children: string }) {
  return (
    <Text mt="1" whiteSpace="pre-line" wordBreak="break-word">
      Seen: {children}
    </Text>
  );
}

function WhatToDo({ children }: { children: string }) {
  return (
    <Text mt="1" color="fg">
      <Text as="span" fontWeight="medium">
        What to do:
      </Text>{' '}
      {children}
    </Text>
  );
}

function LevelBadge({ level, prefix }: { level: keyof typeof LEVEL_PALETTE; prefix?: string }) {
  return (
    <Badge colorPalette={LEVEL_PALETTE[level]} variant="subtle" flexShrink={0}>
      {prefix}
      {capitalize(level)}
    </Badge>
  );
}

function ExecutiveSummary({ summary }: { summary: Report['summary'] }) {
  return (
    <Section title="Executive Summary" id="report-summary">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard label="Total Scans" testId="summary-total-scans" valueSize="2xl">
          {summary.totalScans}
        </StatCard>
        <AveragePrivacyScoreCard score={summary.averagePrivacyScore} testId="summary-average-score" valueSize="2xl" />
        <PrivacyTrendCard trend={summary.privacyTrend} testId="summary-privacy-trend" valueSize="2xl" />
        <StatCard label="Recommendations" testId="summary-recommendations" valueSize="2xl">
          {summary.recommendationsCount}
        </StatCard>
      </SimpleGrid>
      <Text mt="3" color="fg.muted" fontSize="sm">
        Last scan: {summary.lastScanDate ? <time dateTime={summary.lastScanDate}>{formatDate(summary.lastScanDate)}</time> : 'Never'}
      </Text>
    </Section>
  );
}

function RiskAssessment({ assessment }: { assessment: Report['riskAssessment'] }) {
  return (
    <Section title="Risk Assessment" id="report-risk">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {RISK_CATEGORIES.map(({ key, title }) => {
          const { findings, level } = assessment[key];
          return (
            <Card.Root key={key} variant="outline" data-category={key}>
              <Card.Body gap="2">
                <Heading as="h3" size="md">
                  {title}
                </Heading>
                <Flex align="baseline" justify="space-between" gap="2" wrap="wrap">
                  <Badge colorPalette={CATEGORY_LEVEL_PALETTE[level]} variant="subtle" data-level={level} fontSize="md">
                    {capitalize(level)} risk
                  </Badge>
                  <Text color="fg.muted">{findings === 1 ? '1 finding' : `${findings} findings`}</Text>
                </Flex>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}

function BreachExposures({ breaches }: { breaches: Report['detailedFindings']['breachExposures'] }) {
  return (
    <Section title="Breach Exposures" id="report-breaches">
      {breaches.length === 0 ? (
        <None>No breach exposures found.</None>
      ) : (
        <List.Root variant="plain" gap="3">
          {breaches.map((breach) => (
            <List.Item key={`${breach.input}:${breach.name}`} display="block" borderWidth="1px" rounded="md" p="4">
              <Heading as="h3" size="md">
                {breach.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                Breached {formatDate(breach.breachDate)} · {formatNumber(breach.pwnCount)} records · found for {breach.input}
              </Text>
              <Text mt="1">Data exposed: {breach.dataClasses.join(', ') || 'not stated'}</Text>
              <Text mt="1" color="fg.muted" fontSize="sm">
                Source: {breach.source}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

function PrivacyViolations({ violations }: { violations: Report['detailedFindings']['privacyViolations'] }) {
  return (
    <Section title="Privacy Violations" id="report-violations">
      {violations.length === 0 ? (
        <None>No oversharing or location exposures found.</None>
      ) : (
        <List.Root variant="plain" gap="3">
          {violations.map((violation, index) => (
            <List.Item key={index} display="block" borderWidth="1px" rounded="md" p="4">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge variant="outline">{VIOLATION_TYPE_LABEL[violation.type]}</Badge>
                <LevelBadge level={violation.riskLevel} />
                <Text fontWeight="medium">{violation.description}</Text>
              </Flex>
              {violation.evidence && <Seen>{violation.evidence}</Seen>}
              <WhatToDo>{violation.recommendation}</WhatToDo>
              <Text mt="1" color="fg.muted" fontSize="sm">
                Source: {violation.source} · found for {violation.input}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

function MetadataRisks({ risks }: { risks: Report['detailedFindings']['metadataRisks'] }) {
  return (
    <Section title="Metadata Risks" id="report-metadata">
      {risks.length === 0 ? (
        <None>No metadata risks found.</None>
      ) : (
        <List.Root variant="plain" gap="3">
          {risks.map((risk, index) => (
            <List.Item key={index} display="block" borderWidth="1px" rounded="md" p="4">
              <Flex gap="2" align="center" wrap="wrap">
                <LevelBadge level={risk.riskLevel} />
                <Text fontWeight="medium">{risk.description}</Text>
              </Flex>
              {risk.evidence && <Seen>{risk.evidence}</Seen>}
              <WhatToDo>{risk.recommendation}</WhatToDo>
              <Text mt="1" color="fg.muted" fontSize="sm">
                Source: {risk.source} · found for {risk.input}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

/** Website audits are long cards: a few at a time. */
export const WEBSITE_AUDITS_PER_PAGE = 5;

function WebsiteAudits({ audits }: { audits: Report['websiteAudits'] }) {
  const [page, setPage] = useState(1);
  const shown = audits.slice((page - 1) * WEBSITE_AUDITS_PER_PAGE, page * WEBSITE_AUDITS_PER_PAGE);
  return (
    <Section title="Website Audits" id="report-websites">
      {audits.length === 0 ? (
        <None>No website scanned.</None>
      ) : (
        <>
        {audits.length > WEBSITE_AUDITS_PER_PAGE && (
          <Text color="fg.muted" mb="2">
            {audits.length} websites, newest first.
          </Text>
        )}
        <List.Root variant="plain" gap="3">
          {shown.map((audit) => {
            const gpc = audit.gpc ? GPC_OUTCOME_DISPLAY[audit.gpc.outcome] : undefined;
            return (
              <List.Item key={audit.input} display="block" borderWidth="1px" rounded="md" p="4" data-testid="report-website-audit">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="semibold" wordBreak="break-all">
                    {audit.pageUrl || audit.input}
                  </Text>
                  <Badge variant="outline">{audit.mode === 'rendered' ? 'Run in a browser' : 'HTML and headers only'}</Badge>
                  <Badge variant="outline">Header grade: {audit.headerGrade ?? 'not graded'}</Badge>
                </Flex>
                {audit.mode === 'static' && <Text mt="1">Analysed without running the page's scripts: {audit.fallbackReason ?? 'no browser was available'}.</Text>}
                {audit.tests.length > 0 && (
                  <List.Root mt="2" ps="5" gap="1">
                    {audit.tests.map((test) => (
                      <List.Item key={test.label}>
                        {test.label}: {test.message ?? test.status}
                      </List.Item>
                    ))}
                  </List.Root>
                )}
                <Text mt="2">
                  Global Privacy Control:{' '}
                  {gpc ? (
                    <Badge colorPalette={gpc.palette} variant="subtle">
                      {gpc.text}
                    </Badge>
                  ) : (
                    'not tested'
                  )}
                  {audit.gpc && audit.gpc.stillWith.length > 0 && <> · still there with it on: {audit.gpc.stillWith.join(', ')}</>}
                </Text>
                <Text mt="1" color="fg.muted" fontSize="sm">
                  Scanned <time dateTime={audit.scannedAt}>{formatDate(audit.scannedAt)}</time>
                </Text>
              </List.Item>
            );
          })}
        </List.Root>
        <Pager page={page} pageSize={WEBSITE_AUDITS_PER_PAGE} total={audits.length} onPage={setPage} label="Website audit pages" />
        </>
      )}
    </Section>
  );
}

function Recommendations({ recommendations }: { recommendations: Report['recommendations'] }) {
  return (
    <Section title="Recommendations" id="report-recommendations">
      {recommendations.length === 0 ? (
        <None>No recommendations: nothing needs your attention.</None>
      ) : (
        <List.Root variant="plain" gap="3">
          {recommendations.map((item, index) => (
            <List.Item key={index} display="block" borderWidth="1px" rounded="md" p="4" data-priority={item.priority}>
              <Flex gap="2" align="center" wrap="wrap">
                <LevelBadge level={item.priority} prefix="Priority: " />
                <Text fontWeight="semibold">{item.category}</Text>
              </Flex>
              <Text mt="1">{item.message}</Text>
              <WhatToDo>{item.action}</WhatToDo>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

/** The person's privacy-rights requests and how each ended, linking to the request page. */
function RightsRequests({ requests }: { requests: Report['requests'] }) {
  return (
    <Section title="Privacy-rights requests" id="report-requests">
      {requests.length === 0 ? (
        <None>No privacy-rights requests yet. From a breach or tracker finding, ask the organisation to show or delete what it holds.</None>
      ) : (
        <List.Root variant="plain" gap="3">
          {requests.map((item, index) => (
            <List.Item key={index} display="block" borderWidth="1px" rounded="md" p="4" data-status={item.status}>
              <Flex gap="2" align="center" wrap="wrap">
                <Badge colorPalette={STATUS_LABELS[item.status].palette} variant="subtle">
                  {STATUS_LABELS[item.status].label}
                </Badge>
                <Text fontWeight="semibold">{item.organisationName}</Text>
              </Flex>
              <Text mt="1">
                {KIND_LABELS[item.kind]} · {JURISDICTION_LABELS[item.jurisdiction]}
                {item.context ? ` · about ${item.context}` : ''}
              </Text>
              <Text mt="1" color="fg.muted" fontSize="sm">
                {[
                  `Drafted ${formatDate(item.createdAt)}`,
                  item.sentOn && `sent ${formatDate(item.sentOn)}`,
                  item.dueOn && `due ${formatDate(item.dueOn)}`,
                  item.answeredOn && `answered ${formatDate(item.answeredOn)}`,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
              {item.notes && (
                <Text mt="1" whiteSpace="pre-line" wordBreak="break-word">
                  Outcome: {item.notes}
                </Text>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

/** The report's sections in the spec's order. */
export function ReportView({ report }: { report: Report }) {
  return (
    <Stack gap="10">
      <ExecutiveSummary summary={report.summary} />
      <RiskAssessment assessment={report.riskAssessment} />
      <BreachExposures breaches={report.detailedFindings.breachExposures} />
      <PrivacyViolations violations={report.detailedFindings.privacyViolations} />
      <MetadataRisks risks={report.detailedFindings.metadataRisks} />
      <WebsiteAudits audits={report.websiteAudits} />
      <Recommendations recommendations={report.recommendations} />
      <RightsRequests requests={report.requests} />
    </Stack>
  );
}
