import type { FetchedPage, WebsiteSnapshot } from '../sources/website.source';
import { PageDocument, parsePage } from './page-document.parser';

/**
 * What every website analyzer reads: both fetches, the page analysed (the https answer when there
 * is one, else the http one), its HTML parsed once, and the time of the scan (certificate expiry,
 * cookie lifetimes), passed in so the analyzers stay pure.
 */
export interface SiteContext {
  snapshot: WebsiteSnapshot;
  page: FetchedPage;
  document: PageDocument;
  now: Date;
}

/** Undefined when neither form answered (the source reports that itself). */
export function siteContext(snapshot: WebsiteSnapshot, now: Date): SiteContext | undefined {
  const page = snapshot.https.ok ? snapshot.https.page : snapshot.http.ok ? snapshot.http.page : undefined;
  if (!page) return undefined;
  return { snapshot, page, document: parsePage(page.html), now };
}
