import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useChakraLoaded, withChakraLoaded } from '../theme/lazy-chakra';
import { AdSlot } from './AdSlot';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSkeleton } from './PageSkeleton';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { useDocumentMeta } from './use-document-meta';

// Toasts are raised only by the parts of the app that use Chakra: their code comes after the first such part.
const Toaster = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./toaster')).Toaster) }));

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
  const chakraLoaded = useChakraLoaded();
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
      {chakraLoaded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}
