import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import { RecentScans } from '../dashboard/RecentScans';
import { chevronDownShape, StrokeSvg } from '../components/icon-shapes';
import { useQuery } from '../hooks/use-query';
import { withChakraLoaded } from '../theme/lazy-chakra';

/*
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "HistoryPage"), like the public pages: the
 * list shows with React and this page's code alone, which on a phone took most of the page's
 * main-thread time as Chakra components. An opened result is drawn with Chakra (scans/StoredScanResult.tsx).
 */

type Kind = components['schemas']['ScanHistoryKind'];

const PAGE_SIZE = 20;
const KINDS: { value: Kind | ''; label: string }[] = [
  { value: '', label: 'All kinds' },
  { value: 'email', label: 'Email addresses' },
  { value: 'website', label: 'Websites' },
  { value: 'handle', label: 'Social handles' },
  { value: 'image', label: 'Images' },
];
const isKind = (value: string | null): value is Kind => KINDS.some((k) => k.value !== '' && k.value === value);

const StoredResult = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('../scans/StoredScanResult')).StoredResult) }));

/** The history's filters and page, kept in the address so that a result's "back" returns to them. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const input = params.get('input') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const scan = params.get('scan') ?? undefined;
  const update = (next: { kind?: Kind; input?: string; page?: number }) => {
    const fresh = new URLSearchParams();
    if (next.kind) fresh.set('kind', next.kind);
    if (next.input) fresh.set('input', next.input);
    if (next.page && next.page > 1) fresh.set('page', String(next.page));
    setParams(fresh);
  };
  return { kind, input, page, scan, update };
}

function Filters({ kind, input, onApply }: { kind?: Kind; input: string; onApply: (kind: Kind | undefined, input: string) => void }) {
  const [selected, setSelected] = useState<Kind | ''>(kind ?? '');
  const [text, setText] = useState(input);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(selected || undefined, text.trim());
  }
  return (
    <form onSubmit={submit} role="search" aria-label="Filter scans" className="sh-history-filters">
      <div className="sh-history-kind">
        <label htmlFor="history-kind" className="sh-history-label">
          Kind
        </label>
        <div className="sh-select">
          <select id="history-kind" className="sh-select-field" value={selected} onChange={(event) => setSelected(event.target.value as Kind | '')}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
          <StrokeSvg shape={chevronDownShape} className="sh-select-indicator" />
        </div>
      </div>
      <div className="sh-history-text">
        <label htmlFor="history-input" className="sh-history-label">
          Input contains
        </label>
        <input id="history-input" className="sh-input" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="example.com" />
      </div>
      <button type="submit" className="sh-button">
        Filter
      </button>
    </form>
  );
}

/** Every scan the user ran (GET /api/scans), newest first, a page at a time, filtered by kind and input. */
export default function HistoryPage() {
  const { kind, input, page, scan, update } = useHistoryParams();
  const key = `${kind ?? ''}|${input}|${page}`;
  const [state, retry] = useQuery(
    `history:${key}`,
    async () => (await api.GET('/api/scans', { params: { query: { page, pageSize: PAGE_SIZE, ...(kind ? { kind } : {}), ...(input ? { input } : {}) } } })).data,
    { keepPrevious: true },
  );

  if (scan) {
    return (
      <div className="sh-history">
        <h1 className="sh-history-title">Scan result</h1>
        <Suspense fallback={<LoadingBlock>Loading the result…</LoadingBlock>}>
          <StoredResult id={scan} />
        </Suspense>
      </div>
    );
  }

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(kind || input);
  return (
    <div className="sh-history">
      <div className="sh-history-head">
        <h1 className="sh-history-title">Scan history</h1>
        <RouterLink to="/dashboard" className="sh-button-outline">
          Back to Dashboard
        </RouterLink>
      </div>
      <p className="sh-history-lead">Every scan you ran, newest first. Results are kept for 30 days on the Free plan and 90 days on paid plans.</p>
      <div className="sh-history-card">
        <div className="sh-history-body">
          {/* A new key remounts the form when the address changes (the browser's back button). */}
          <Filters key={`${kind ?? ''}|${input}`} kind={kind} input={input} onApply={(k, i) => update({ kind: k, input: i })} />
          {state.status === 'loading' && <LoadingBlock>Loading your scans…</LoadingBlock>}
          {state.status === 'error' && <LoadFailed title="Failed to load your scans." onRetry={retry} />}
          {state.status === 'ready' && (
            <>
              <p className="sh-history-count" role="status" data-testid="history-count">
                {state.data.total === 1 ? '1 scan' : `${state.data.total} scans`}
                {filtered ? ' match' : ''}
                {pages > 1 ? ` · page ${page} of ${pages}` : ''}
              </p>
              <RecentScans
                scans={state.data.items}
                label="Scan history"
                empty={filtered ? 'No scans match these filters.' : 'No scans yet. Start your first privacy scan from the dashboard!'}
              />
              {pages > 1 && (
                <nav aria-label="History pages" className="sh-history-pager">
                  <button type="button" className="sh-button-outline" disabled={page <= 1} onClick={() => update({ kind, input, page: page - 1 })}>
                    Newer
                  </button>
                  <p className="sh-history-page">
                    Page {page} of {pages}
                  </p>
                  <button type="button" className="sh-button-outline" disabled={page >= pages} onClick={() => update({ kind, input, page: page + 1 })}>
                    Older
                  </button>
                </nav>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
