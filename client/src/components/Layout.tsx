import { Box, Flex } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AdSlot } from './AdSlot';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSkeleton } from './PageSkeleton';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { useDocumentMeta } from './use-document-meta';

// Toasts are needed only once something happens: their code stays out of the first download.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Every page: the shared header, the content, the footer ad slot and footer, and toasts. The
 * content is at least a screen high, so the footer starts below the fold and a page that grows
 * as it loads never pushes it about in view.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  useDocumentMeta();
  return (
    <Flex direction="column">
      <Header />
      <Box as="main" id="main" minH="100vh" pt="16">
        <RouteErrorBoundary>
          <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
        </RouteErrorBoundary>
      </Box>
      <AdSlot />
      <Footer />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </Flex>
  );
}
