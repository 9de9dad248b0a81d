import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client';
import { paletteClass } from '../components/palette-class';
import { useQuery } from '../hooks/use-query';
import { withChakraLoaded } from '../theme/lazy-chakra';
import { KIND_LABELS, type RequestList, STATUS_LABELS } from './request-types';

// The reminders' Chakra alert loads (with Chakra's runtime) only when there is a reminder; the card is
// drawn without it (theme/shell-styles.ts, "OpenRequestsCard").
const RequestReminders = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./RequestReminders')).RequestReminders) }));

/** How many open requests the card lists, soonest due first. */
const SHOWN = 3;

const loadRequests = async (): Promise<RequestList | undefined> => {
  const { data } = await api.GET('/api/requests');
  // Anything but a list is a failure here: the card stays quiet.
  return Array.isArray(data?.requests) ? data : undefined;
};

/** The dashboard's request reminders and open privacy-rights requests; quiet when the list cannot load. */
export function OpenRequestsCard() {
  const [state] = useQuery('open-requests', loadRequests);
  if (state.status !== 'ready') return null;
  const list = state.data;
  const open = list.requests
    .filter((r) => r.status === 'draft' || r.status === 'sent' || r.status === 'overdue')
    .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'));
  const reminders = list.reminders ?? [];
  return (
    <>
      {reminders.length > 0 && (
        <Suspense fallback={null}>
          <RequestReminders reminders={reminders} />
        </Suspense>
      )}
      <div className="sh-card-outline" data-testid="open-requests">
        <div className="sh-card-outline-body">
          <div className="sh-requests-head">
            <h2 className="sh-h2-md">Open requests ({open.length})</h2>
            <RouterLink to="/requests" className="sh-button-outline-sm">
              {open.length ? 'All requests' : 'Ask an organisation about your data'}
            </RouterLink>
          </div>
          <div className="sh-requests-list">
            {open.length === 0 && (
              <p className="sh-muted-sm">No open requests. From a breach or a tracker in your results, ask the organisation to delete or show your data.</p>
            )}
            {open.slice(0, SHOWN).map((r) => (
              <div key={r.id} className="sh-requests-row">
                <RouterLink to={`/requests?id=${r.id}`}>
                  {r.organisationName} · {KIND_LABELS[r.kind]}
                </RouterLink>
                <div className="sh-requests-due">
                  {r.dueOn && <p className="sh-muted">due {r.dueOn}</p>}
                  <span className={`sh-badge ${paletteClass(STATUS_LABELS[r.status].palette)}`}>{STATUS_LABELS[r.status].label}</span>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
