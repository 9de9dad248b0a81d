import { lazy, Suspense, useState } from 'react';
import { ButtonSpinner } from '../components/form-fields';
import { paletteClass } from '../components/palette-class';
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
import { withChakraLoaded } from '../theme/lazy-chakra';

// The card is drawn without Chakra's runtime (theme/shell-styles.ts, "MonitorCard"), so a list of
// identity and website monitors shows with React alone. What only some cards have, a domain's proof
// of control and a run's changes, and the dialogs (when first opened) load with Chakra's runtime.
const DomainVerification = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./DomainVerification')).DomainVerification) }));
const MonitorChanges = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./MonitorChanges')).MonitorChanges) }));
const MonitorHistoryDialog = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./MonitorDialogs')).MonitorHistoryDialog) }));
const DomainBreachesDialog = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./MonitorDialogs')).DomainBreachesDialog) }));

const statePalettes: Record<MonitorDisplayState, string> = { paused: 'gray', active: 'green', overdue: 'orange' };
const typeLabels: Record<Monitor['type'], string> = { weekly: 'Weekly (every 7 days)', monthly: 'Monthly (every 30 days)' };

/** A website monitor: how its last run saw the site, and what waits for the next run to confirm it. */
function WebsiteStatus({ website }: { website: MonitorWebsite }) {
  return (
    <div className="sh-monitor-lines" data-testid="website-status">
      <p className="sh-monitor-site">
        <span className="sh-monitor-label">Website:</span> {website.url}
      </p>
      <p>
        <span className="sh-monitor-label">Last check:</span>{' '}
        {website.checkedAt ? `${formatDateTime(website.checkedAt)}, ${website.summary}` : 'not checked yet (the first run records how the site is now, without alerting)'}
      </p>
      {website.pending.length > 0 && <p className="sh-muted-sm">Seen once, confirmed or dropped by the next run: {website.pending.join('; ')}</p>}
    </div>
  );
}

/** `onResend` is absent on a server that sends no email: then who can make the links instead. */
function Targets({ monitor, busy, onResend, operatorContact }: { monitor: Monitor; busy: boolean; onResend?: () => void; operatorContact?: string }) {
  const pending = new Set(monitor.pendingEmails);
  return (
    <div className="sh-monitor-targets">
      {monitor.targets.emails.length > 0 && (
        <div>
          <p className="sh-monitor-label">Emails</p>
          <ul className="sh-monitor-list" aria-label="Monitored emails">
            {monitor.targets.emails.map((email) => (
              <li key={email} className="sh-monitor-email">
                {email}
                {pending.has(email) && (
                  <span className="sh-badge-subtle sh-palette-orange" title="Not scanned until its owner follows its verification link">
                    Awaiting verification
                  </span>
                )}
              </li>
            ))}
          </ul>
          {pending.size > 0 && onResend && (
            <button type="button" className="sh-monitor-resend" onClick={onResend} disabled={busy}>
              Send the verification {pending.size === 1 ? 'link' : 'links'} again
            </button>
          )}
          {pending.size > 0 && !onResend && (
            <p className="sh-monitor-note" data-testid="no-mail-monitor-verification">
              This server does not send email yet, so no verification link reaches these addresses.
              {operatorContact ? ` The person who runs it can help: write to ${operatorContact}.` : ''}
            </p>
          )}
        </div>
      )}
      {monitor.targets.handles.length > 0 && (
        <div>
          <p className="sh-monitor-label">Handles</p>
          <ul className="sh-monitor-list" aria-label="Monitored handles">
            {monitor.targets.handles.map((handle) => (
              <li key={handle} className="sh-monitor-handle">
                {handle}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function LastRuns({ runs }: { runs: MonitorRun[] }) {
  return (
    <div>
      <h3 className="sh-monitor-runs-title">Recent runs</h3>
      {runs.length === 0 ? (
        <p className="sh-monitor-no-runs">No runs yet.</p>
      ) : (
        <ul className="sh-monitor-runs" aria-label="Recent runs">
          {runs.map((run) => (
            <li key={run.id} className="sh-monitor-run">
              <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
              <span className={`sh-badge-subtle ${paletteClass(runStatusPalettes[run.status])}`}>{runStatusLabels[run.status]}</span>
              <span>{run.summary}</span>
              {run.changes.length > 0 && (
                <div className="sh-monitor-run-changes">
                  <Suspense fallback={null}>
                    <MonitorChanges changes={run.changes} label={`What changed on ${formatDateTime(run.startedAt)}`} />
                  </Suspense>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
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
  const [shown, setShown] = useState({ history: false, breaches: false });
  const openDialog = (which: 'history' | 'breaches') => {
    setShown((was) => ({ ...was, [which]: true }));
    setDialog(which);
  };
  const state = monitorDisplayState(monitor, now);
  const name = monitorName(monitor);
  // A paused monitor does not run, whatever date it kept.
  const nextRun = monitor.active ? monitor.nextRunAt : null;
  return (
    <div className="sh-card-outline" data-testid="monitor-card">
      <div className="sh-monitor-card-header">
        <div className="sh-monitor-card-head">
          <h2 className="sh-monitor-name">{name}</h2>
          <div className="sh-monitor-badges">
            <span className="sh-monitor-kind" data-testid="monitor-kind">
              {kindLabels[monitor.kind]}
            </span>
            <span className={`sh-monitor-state ${paletteClass(statePalettes[state])}`} data-testid="monitor-state">
              {displayStateLabels[state]}
            </span>
          </div>
        </div>
      </div>
      <div className="sh-monitor-card-body">
        {monitor.kind === 'identity' && <Targets monitor={monitor} busy={busy} onResend={onResend} operatorContact={operatorContact} />}
        {monitor.website && <WebsiteStatus website={monitor.website} />}
        {monitor.domain && (
          <Suspense fallback={null}>
            <DomainVerification monitor={monitor} onVerified={onChanged} />
          </Suspense>
        )}
        <div className="sh-monitor-lines">
          <p>
            <span className="sh-monitor-label">Type:</span> {typeLabels[monitor.type]}
          </p>
          <p>
            <span className="sh-monitor-label">Next run:</span>{' '}
            <span data-testid="monitor-next-run" title={nextRun ? formatDateTime(nextRun) : undefined}>
              {nextRunText(nextRun, now)}
            </span>
          </p>
        </div>
        <LastRuns runs={monitor.lastRuns} />
      </div>
      <div className="sh-monitor-card-footer">
        <button type="button" className="sh-button-outline" onClick={onToggle} disabled={busy} data-loading={busy || undefined} aria-busy={busy || undefined}>
          <ButtonSpinner show={busy} />
          {monitor.active ? 'Pause' : 'Activate'}
        </button>
        <button type="button" className="sh-button-outline-red" onClick={onDelete} disabled={busy}>
          Delete
        </button>
        <button type="button" className="sh-button-ghost" onClick={() => openDialog('history')}>
          History
        </button>
        {monitor.domain?.verified && monitor.domain.breachedAddresses !== null && (
          <button type="button" className="sh-button-ghost" onClick={() => openDialog('breaches')}>
            Breached addresses ({monitor.domain.breachedAddresses})
          </button>
        )}
      </div>
      {/* A dialog's code loads when it is first opened; it then stays mounted, so it closes as a dialog does. */}
      {shown.history && (
        <Suspense fallback={null}>
          <MonitorHistoryDialog monitorId={monitor.id} name={name} open={dialog === 'history'} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
      {monitor.domain && shown.breaches && (
        <Suspense fallback={null}>
          <DomainBreachesDialog monitorId={monitor.id} domain={monitor.domain.domain} open={dialog === 'breaches'} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
