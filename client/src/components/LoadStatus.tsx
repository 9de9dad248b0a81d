import type { ReactNode } from 'react';
import { alertCircleShape, StrokeSvg } from './icon-shapes';

/*
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "LoadStatus"): they show while a page's
 * data, and often Chakra's runtime with it, is still on its way.
 */

/** A section's spinner while its data loads. */
export function LoadingBlock({ children }: { children: ReactNode }) {
  return (
    <div className="sh-loading" role="status">
      <span className="sh-loading-spinner" />
      <p className="sh-loading-text">{children}</p>
    </div>
  );
}

const MARGIN_TOP = { '6': 'sh-mt-6', '8': 'sh-mt-8' } as const;

/** A section's data could not be loaded: what failed, and a button to try again. */
export function LoadFailed({ title, onRetry, mt }: { title: string; onRetry: () => void; mt?: keyof typeof MARGIN_TOP }) {
  return (
    <div className={mt ? `sh-alert-error ${MARGIN_TOP[mt]}` : 'sh-alert-error'} role="alert">
      <StrokeSvg shape={alertCircleShape} className="sh-alert-error-indicator" />
      <div className="sh-alert-title">{title}</div>
      <button type="button" className="sh-retry-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
