import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle, NOT_FOUND_PAGE, siteRouteFor } from '@browser-shared/site-routes.catalogue';

/**
 * Keeps the document's title and meta description those of the current page (the server writes
 * the same ones into the HTML of a first load).
 */
export function useDocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const page = siteRouteFor(pathname) ?? NOT_FOUND_PAGE;
    document.title = documentTitle(page);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [pathname]);
}
