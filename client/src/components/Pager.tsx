/**
 * Previous / Next for a paginated list; nothing when everything fits on one page. Drawn without
 * Chakra's runtime (theme/shell-styles.ts, "Pager"), so a page drawn with shell classes (the report)
 * does not fetch Chakra for it.
 */
export function Pager({ page, pageSize, total, onPage, label = 'Pages' }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label?: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="sh-pager">
      <button type="button" className="sh-button-outline-sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <p className="sh-pager-page">
        Page {page} of {pages}
      </p>
      <button type="button" className="sh-button-outline-sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </button>
    </nav>
  );
}
