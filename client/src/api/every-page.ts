/** The most pages read for one list: a guard against a server that keeps answering more. */
const MAX_PAGES = 1000;
/** The largest page the API serves (MAX_PAGE_SIZE on the server). */
export const LARGEST_PAGE = 100;

/**
 * Every item of a paged list (`?page=&pageSize=`): the first page, then the rest together. Answers
 * the first page with its items replaced by all of them, or undefined when any page failed.
 */
export async function everyPage<P extends { total: number }, T>(
  fetchPage: (page: number, pageSize: number) => Promise<P | undefined>,
  itemsOf: (page: P) => T[],
  withItems: (first: P, items: T[]) => P,
): Promise<P | undefined> {
  const first = await fetchPage(1, LARGEST_PAGE);
  if (!first) return undefined;
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / LARGEST_PAGE));
  if (pages <= 1) return first;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => fetchPage(i + 2, LARGEST_PAGE)));
  if (rest.some((page) => page === undefined)) return undefined;
  return withItems(first, [first, ...(rest as P[])].flatMap(itemsOf));
}
