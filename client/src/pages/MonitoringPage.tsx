import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { infoCircleShape, StrokeSvg } from '../components/icon-shapes';
import { MonitorCard } from '../monitoring/MonitorCard';
import { MonitorNotices } from '../monitoring/MonitorNotices';
import { loadMonitors, removeMonitor, resendVerificationLinks, toggleMonitor } from '../monitoring/monitor-actions';
import { useSiteInfo } from '../site/use-site-info';
import { AT_LIMIT_MESSAGE } from '../monitoring/monitor-display';
import type { Monitor, MonitorList } from '../monitoring/monitor-types';
import { useQuery } from '../hooks/use-query';
import { withChakraLoaded } from '../theme/lazy-chakra';
import { LazyConfirmDialog } from '../components/account/LazyConfirmDialog';

// The page and its cards are drawn without Chakra's runtime (theme/shell-styles.ts, "MonitoringPage"),
// so the list shows with React and this page's code alone. The create form and the delete
// confirmation are Chakra dialogs: their code and Chakra's runtime load when first opened.
const CreateMonitorModal = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('../monitoring/CreateMonitorModal')).CreateMonitorModal) }));

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
    <div className="sh-card-outline" data-testid="monitors-empty">
      <div className="sh-monitors-empty-body">
        <h2 className="sh-card-title">No monitors yet</h2>
        <p className="sh-monitors-empty-text">
          {atLimit
            ? 'Monitors come with the Plus, Pro and Business plans.'
            : 'Set a monitor on your email addresses and handles, a website or an email domain, and we will tell you when something new appears.'}
        </p>
        {atLimit ? (
          <RouterLink to="/pricing" className="sh-button">
            Upgrade Plan
          </RouterLink>
        ) : (
          <button type="button" className="sh-button" onClick={onCreate}>
            Create Your First Monitor
          </button>
        )}
      </div>
    </div>
  );
}

/** Privacy Monitoring: the counter, the monitors, the create modal. */
export default function MonitoringPage() {
  const [list, refresh] = useMonitorList();
  const now = useNow();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Monitor>();
  // A dialog's code loads when it is first opened; it then stays mounted, so it closes as a dialog does.
  const [createShown, setCreateShown] = useState(false);
  const [busyId, setBusyId] = useState<string>();
  const site = useSiteInfo();
  // A server without mail cannot send links again: the card says whom to ask instead.
  const noMail = site.status === 'ready' && !site.data.sendsEmail;

  function openCreate() {
    setCreateShown(true);
    setCreating(true);
  }

  function askDelete(monitor: Monitor) {
    setDeleting(monitor);
  }

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
    <div className="sh-monitors">
      <div className="sh-monitors-head">
        {/* The text takes the room left by the counter, so the two share a row from about 700 px. */}
        <div className="sh-monitors-intro">
          <h1 className="sh-history-title">Privacy Monitoring</h1>
          <p className="sh-history-lead">
            Your email addresses and handles, your websites and, on the Business plan, whole email domains, re-checked every
            week or month. New breaches, pastes, exposures, sites with your name and changes to your sites reach you by email
            and here.
          </p>
        </div>
        {data && (
          <div className="sh-monitors-counter">
            <p>
              Active monitors:{' '}
              <span className="sh-monitors-count" data-testid="monitor-counter">
                {data.activeCount} / {data.limit}
              </span>
            </p>
            {underLimit && (
              <button type="button" className="sh-button" onClick={openCreate}>
                Create Monitor
              </button>
            )}
          </div>
        )}
      </div>

      <div className="sh-monitors-body">
        <MonitorNotices />

        {data && !underLimit && (
          <div className="sh-alert-info" data-testid="monitor-limit">
            <StrokeSvg shape={infoCircleShape} className="sh-alert-indicator" />
            <div className="sh-alert-title">{AT_LIMIT_MESSAGE}</div>
          </div>
        )}

        {list.status === 'loading' && (
          <div className="sh-monitors-loading" role="status">
            <span className="sh-chart-spinner" aria-hidden="true" />
            <p>Loading monitors…</p>
          </div>
        )}
        {list.status === 'error' && (
          <div className="sh-monitors-error">
            <p className="sh-monitors-error-text">Your monitors could not be loaded.</p>
            <button type="button" className="sh-button-outline" onClick={() => refresh()}>
              Try again
            </button>
          </div>
        )}
        {data && data.monitors.length === 0 && <EmptyState atLimit={!underLimit} onCreate={openCreate} />}
        {data && data.monitors.length > 0 && (
          <div className="sh-monitors-grid">
            {data.monitors.map((monitor) => (
              <MonitorCard
                key={monitor.id}
                monitor={monitor}
                now={now}
                busy={busyId === monitor.id}
                onToggle={() => void toggle(monitor)}
                onDelete={() => askDelete(monitor)}
                onResend={noMail ? undefined : () => void resend(monitor)}
                operatorContact={noMail ? site.data.contactEmail : undefined}
                onChanged={() => refresh()}
              />
            ))}
          </div>
        )}
      </div>

      {createShown && (
        <Suspense fallback={null}>
          <CreateMonitorModal open={creating} onClose={() => setCreating(false)} onCreated={() => refresh()} />
        </Suspense>
      )}
      <LazyConfirmDialog
        open={deleting !== undefined}
        title="Delete monitor"
        confirmLabel="Delete"
        busy={deleting !== undefined && busyId === deleting.id}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      >
        <p>Are you sure you want to delete this monitor?</p>
      </LazyConfirmDialog>
    </div>
  );
}
