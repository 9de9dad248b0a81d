/**
 * Holds a page's place while its code or its session loads: a heading and a few lines. Drawn
 * without Chakra's runtime (theme/shell-styles.ts, "PageSkeleton"): it shows while that loads.
 */
export function PageSkeleton({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="sh-page-skeleton" role="status" aria-live="polite">
      <span className="sh-visually-hidden">{label}</span>
      <div className="sh-page-skeleton-stack" aria-hidden="true">
        <div className="sh-skeleton-title" />
        <div className="sh-skeleton-lines">
          <div className="sh-skeleton-line" />
          <div className="sh-skeleton-line" />
          <div className="sh-skeleton-line-last" />
        </div>
        <div className="sh-skeleton-block" />
      </div>
    </div>
  );
}
