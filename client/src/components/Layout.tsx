import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { withChakraLoaded } from '../theme/lazy-chakra';
import { AdSlot } from './AdSlot';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSkeleton } from './PageSkeleton';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { useToastRaised } from './toast-signal';
import { useDocumentMeta } from './use-document-meta';

// The toasts' code and state machine come with the first toast (toast-signal.ts).
const Toasts = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./Toasts')).Toasts) }));

/**
 * Every page: the shared header, the content, the footer ad slot and footer, and toasts. The
 * content is at least a screen high, so the footer starts below the fold and a page that grows
 * as it loads never pushes it about in view. Drawn without Chakra's runtime (theme/lazy-chakra.ts).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  useDocumentMeta();
  const toastRaised = useToastRaised();
  return (
    <div className="sh-layout">
      <Header />
      <main id="main" className="sh-main">
        <RouteErrorBoundary>
          <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <AdSlot />
      <Footer />
      {toastRaised && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </div>
  );
}
