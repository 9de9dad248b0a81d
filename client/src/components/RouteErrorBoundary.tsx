import { type ReactNode, useEffect, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { api } from '../api/client';

/** An id for the error report, chosen here so the page can show it even when the report cannot be sent. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name.slice(0, 100), message: error.message.slice(0, 500) };
  return { name: 'Error', message: String(error).slice(0, 500) };
}

/** The page that failed: what happened, a reload button and the id its report was logged under. */
function SomethingWentWrong({ error }: FallbackProps) {
  const { pathname } = useLocation();
  const [requestId] = useState(newRequestId);
  useEffect(() => {
    // Logged by the server under this id (masked); a failed report changes nothing on screen.
    api
      .POST('/api/site/client-errors', { body: { path: pathname.slice(0, 300), ...describe(error) }, headers: { 'X-Request-Id': requestId } })
      .catch(() => undefined);
  }, [error, pathname, requestId]);

  // Drawn without Chakra's runtime (theme/shell-styles.ts, "RouteErrorBoundary"): it must show even
  // when the page's code (Chakra's included) failed to load.
  return (
    <div className="sh-error" role="alert">
      <h1 className="sh-error-title">Something went wrong</h1>
      <p className="sh-error-text">This page ran into a problem and could not be shown. Reloading it usually helps.</p>
      <button type="button" className="sh-error-button" onClick={() => window.location.reload()}>
        Reload page
      </button>
      <p className="sh-error-note">
        If it keeps happening, tell us this request id:{' '}
        <code className="sh-code" data-testid="error-request-id">
          {requestId}
        </code>
      </p>
    </div>
  );
}

/** One boundary per route: an error in a page shows the error page there; going to another page starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={SomethingWentWrong} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
