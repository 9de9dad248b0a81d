import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { TokenOutcome } from '../hooks/use-single-use-token';
import { alertCircleShape, checkCircleShape, StrokeSvg } from './icon-shapes';

/**
 * The body of a page an emailed token link opens: what the link confirms and a button to confirm
 * it, a spinner while checking, then the outcome and a button onwards. Drawn without Chakra's
 * runtime (theme/shell-styles.ts), so these pages show with React and their own code alone.
 */
export function TokenLinkOutcome<T>({
  outcome,
  confirm,
  checking,
  verified,
  breakVerified = false,
  failedHint,
  next,
}: {
  outcome: TokenOutcome<T>;
  /** What confirming does, and the button's label; called when the person clicks it. */
  confirm: { question: string; label: string; onConfirm: () => void };
  checking: string;
  verified: (value: T) => ReactNode;
  /** The verified title holds an address, which may need breaking anywhere to fit. */
  breakVerified?: boolean;
  failedHint?: string;
  next: { to: string; label: string };
}) {
  return (
    <div className="sh-form">
      {outcome.status === 'awaiting' && (
        <>
          <p className="sh-text">{confirm.question}</p>
          <button type="button" className="sh-submit" onClick={confirm.onConfirm}>
            {confirm.label}
          </button>
        </>
      )}
      {outcome.status === 'checking' && (
        <div className="sh-status-line" role="status">
          <span className="sh-button-spinner" aria-hidden="true" />
          <span>{checking}</span>
        </div>
      )}
      {outcome.status === 'verified' && (
        <div className="sh-alert-success" role="status">
          <StrokeSvg shape={checkCircleShape} className="sh-alert-indicator" />
          <div className="sh-alert-content">
            <div className="sh-alert-title" style={breakVerified ? { wordBreak: 'break-all' } : undefined}>
              {verified(outcome.value)}
            </div>
          </div>
        </div>
      )}
      {outcome.status === 'failed' && (
        <div className="sh-alert-error" role="alert">
          <StrokeSvg shape={alertCircleShape} className="sh-alert-error-indicator" />
          <div className="sh-alert-content">
            <div className="sh-alert-title">{outcome.message}</div>
            {failedHint && <div className="sh-alert-description">{failedHint}</div>}
          </div>
        </div>
      )}
      {(outcome.status === 'verified' || outcome.status === 'failed') && (
        <RouterLink to={next.to} className="sh-link-button">
          {next.label}
        </RouterLink>
      )}
    </div>
  );
}
