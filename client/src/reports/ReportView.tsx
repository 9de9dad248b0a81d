import { type ReactNode, useState } from 'react';
import { Pager } from '../components/Pager';
import { paletteClass } from '../components/palette-class';
import { AveragePrivacyScoreCard, PrivacyTrendCard } from '../components/PrivacyFigures';
import { StatCard } from '../components/StatCard';
import { formatDate, formatNumber } from '../format';
import { capitalize, GPC_OUTCOME_DISPLAY, LEVEL_PALETTE } from '../scans/scan-display';
import { CATEGORY_LEVEL_PALETTE, RISK_CATEGORIES, VIOLATION_TYPE_LABEL } from './report-display';
import { JURISDICTION_LABELS, KIND_LABELS, STATUS_LABELS } from '../requests/request-types';
import type { Report } from './report-types';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} data-section={id}>
      <h2 className="sh-report-h2" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function None({ children }: { children: ReactNode }) {
  return <p className="sh-muted">{children}</p>;
}

function Seen({ children }: { children: string }) {
  return (
    <p className="sh-report-seen">Seen: {children}</p>
  );
}

function WhatToDo({ children }: { children: string }) {
  return (
    <p className="sh-report-todo">
      <span className="sh-report-todo-label">What to do:</span> {children}
    </p>
  );
}

function LevelBadge({ level, prefix }: { level: keyof typeof LEVEL_PALETTE; prefix?: string }) {
  return (
    <span className={`sh-report-badge ${paletteClass(LEVEL_PALETTE[level])}`}>
      {prefix}
      {capitalize(level)}
    </span>
  );
}

function ExecutiveSummary({ summary }: { summary: Report['summary'] }) {
  return (
    <Section title="Executive Summary" id="report-summary">
      <div className="sh-report-grid">
        <StatCard label="Total Scans" testId="summary-total-scans" valueSize="2xl">
          {summary.totalScans}
        </StatCard>
        <AveragePrivacyScoreCard score={summary.averagePrivacyScore} testId="summary-average-score" valueSize="2xl" />
        <PrivacyTrendCard trend={summary.privacyTrend} testId="summary-privacy-trend" valueSize="2xl" />
        <StatCard label="Recommendations" testId="summary-recommendations" valueSize="2xl">
          {summary.recommendationsCount}
        </StatCard>
      </div>
      <p className="sh-report-last-scan">
        Last scan: {summary.lastScanDate ? <time dateTime={summary.lastScanDate}>{formatDate(summary.lastScanDate)}</time> : 'Never'}
      </p>
    </Section>
  );
}

function RiskAssessment({ assessment }: { assessment: Report['riskAssessment'] }) {
  return (
    <Section title="Risk Assessment" id="report-risk">
      <div className="sh-report-grid">
        {RISK_CATEGORIES.map(({ key, title }) => {
          const { findings, level } = assessment[key];
          return (
            <div key={key} className="sh-stat-card" data-category={key}>
              <div className="sh-report-risk-body">
                <h3 className="sh-h3-md">{title}</h3>
                <div className="sh-report-risk-row">
                  <span className={`sh-report-risk-level ${paletteClass(CATEGORY_LEVEL_PALETTE[level])}`} data-level={level}>
                    {capitalize(level)} risk
                  </span>
                  <p className="sh-muted">{findings === 1 ? '1 finding' : `${findings} findings`}</p>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

function BreachExposures({ breaches }: { breaches: Report['detailedFindings']['breachExposures'] }) {
  return (
    <Section title="Breach Exposures" id="report-breaches">
      {breaches.length === 0 ? (
        <None>No breach exposures found.</None>
      ) : (
        <ul className="sh-report-list">
          {breaches.map((breach) => (
            <li key={`${breach.input}:${breach.name}`} className="sh-report-item">
              <h3 className="sh-h3-md">{breach.title}</h3>
              <p className="sh-muted-sm">
                Breached {formatDate(breach.breachDate)} · {formatNumber(breach.pwnCount)} records · found for {breach.input}
              </p>
              <p className="sh-report-line">Data exposed: {breach.dataClasses.join(', ') || 'not stated'}</p>
              <p className="sh-report-source">
                Source: {breach.source}
              </p>
            </li>
          ))}
        </ul>
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
        <ul className="sh-report-list">
          {violations.map((violation, index) => (
            <li key={index} className="sh-report-item">
              <div className="sh-report-row">
                <span className="sh-report-badge-outline">{VIOLATION_TYPE_LABEL[violation.type]}</span>
                <LevelBadge level={violation.riskLevel} />
                <p className="sh-report-strong">{violation.description}</p>
              </div>
              {violation.evidence && <Seen>{violation.evidence}</Seen>}
              <WhatToDo>{violation.recommendation}</WhatToDo>
              <p className="sh-report-source">
                Source: {violation.source} · found for {violation.input}
              </p>
            </li>
          ))}
        </ul>
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
        <ul className="sh-report-list">
          {risks.map((risk, index) => (
            <li key={index} className="sh-report-item">
              <div className="sh-report-row">
                <LevelBadge level={risk.riskLevel} />
                <p className="sh-report-strong">{risk.description}</p>
              </div>
              {risk.evidence && <Seen>{risk.evidence}</Seen>}
              <WhatToDo>{risk.recommendation}</WhatToDo>
              <p className="sh-report-source">
                Source: {risk.source} · found for {risk.input}
              </p>
            </li>
          ))}
        </ul>
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
          <p className="sh-report-count">
            {audits.length} websites, newest first.
          </p>
        )}
        <ul className="sh-report-list">
          {shown.map((audit) => {
            const gpc = audit.gpc ? GPC_OUTCOME_DISPLAY[audit.gpc.outcome] : undefined;
            return (
              <li key={audit.input} className="sh-report-item" data-testid="report-website-audit">
                <div className="sh-report-row">
                  <p className="sh-report-site">
                    {audit.pageUrl || audit.input}
                  </p>
                  <span className="sh-report-badge-outline">{audit.mode === 'rendered' ? 'Run in a browser' : 'HTML and headers only'}</span>
                  <span className="sh-report-badge-outline">Header grade: {audit.headerGrade ?? 'not graded'}</span>
                </div>
                {audit.mode === 'static' && <p className="sh-report-line">Analysed without running the page's scripts: {audit.fallbackReason ?? 'no browser was available'}.</p>}
                {audit.tests.length > 0 && (
                  <ul className="sh-report-tests">
                    {audit.tests.map((test) => (
                      <li key={test.label} className="sh-list-item">
                        {test.label}: {test.message ?? test.status}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="sh-report-gpc">
                  Global Privacy Control:{' '}
                  {gpc ? (
                    <span className={`sh-badge-subtle ${paletteClass(gpc.palette)}`}>
                      {gpc.text}
                    </span>
                  ) : (
                    'not tested'
                  )}
                  {audit.gpc && audit.gpc.stillWith.length > 0 && <> · still there with it on: {audit.gpc.stillWith.join(', ')}</>}
                </p>
                <p className="sh-report-source">
                  Scanned <time dateTime={audit.scannedAt}>{formatDate(audit.scannedAt)}</time>
                </p>
              </li>
            );
          })}
        </ul>
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
        <ul className="sh-report-list">
          {recommendations.map((item, index) => (
            <li key={index} className="sh-report-item" data-priority={item.priority}>
              <div className="sh-report-row">
                <LevelBadge level={item.priority} prefix="Priority: " />
                <p className="sh-report-title">{item.category}</p>
              </div>
              <p className="sh-report-line">{item.message}</p>
              <WhatToDo>{item.action}</WhatToDo>
            </li>
          ))}
        </ul>
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
        <ul className="sh-report-list">
          {requests.map((item, index) => (
            <li key={index} className="sh-report-item" data-status={item.status}>
              <div className="sh-report-row">
                <span className={`sh-badge-subtle ${paletteClass(STATUS_LABELS[item.status].palette)}`}>
                  {STATUS_LABELS[item.status].label}
                </span>
                <p className="sh-report-title">{item.organisationName}</p>
              </div>
              <p className="sh-report-line">
                {KIND_LABELS[item.kind]} · {JURISDICTION_LABELS[item.jurisdiction]}
                {item.context ? ` · about ${item.context}` : ''}
              </p>
              <p className="sh-report-source">
                {[
                  `Drafted ${formatDate(item.createdAt)}`,
                  item.sentOn && `sent ${formatDate(item.sentOn)}`,
                  item.dueOn && `due ${formatDate(item.dueOn)}`,
                  item.answeredOn && `answered ${formatDate(item.answeredOn)}`,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </p>
              {item.notes && (
                <p className="sh-report-seen">
                  Outcome: {item.notes}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The report's sections in the spec's order. */
export function ReportView({ report }: { report: Report }) {
  return (
    <div className="sh-report-sections">
      <ExecutiveSummary summary={report.summary} />
      <RiskAssessment assessment={report.riskAssessment} />
      <BreachExposures breaches={report.detailedFindings.breachExposures} />
      <PrivacyViolations violations={report.detailedFindings.privacyViolations} />
      <MetadataRisks risks={report.detailedFindings.metadataRisks} />
      <WebsiteAudits audits={report.websiteAudits} />
      <Recommendations recommendations={report.recommendations} />
      <RightsRequests requests={report.requests} />
    </div>
  );
}
