import { everyPage, LARGEST_PAGE } from './every-page';

type Page = { items: number[]; total: number; page: number };

/** A list of `total` numbers served a page at a time, recording the pages asked for. */
function served(total: number, failOn?: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number, pageSize: number): Promise<Page | undefined> => {
    asked.push(page);
    if (page === failOn) return undefined;
    const start = (page - 1) * pageSize;
    return { items: Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i), total, page };
  };
  return { asked, fetchPage };
}

const read = (fetchPage: (page: number, pageSize: number) => Promise<Page | undefined>) =>
  everyPage(fetchPage, (p) => p.items, (first, items) => ({ ...first, items }));

describe('everyPage', () => {
  it('reads one page when everything fits', async () => {
    const { asked, fetchPage } = served(20);
    expect((await read(fetchPage))?.items).toHaveLength(20);
    expect(asked).toEqual([1]);
  });

  it('reads every page past the largest one, in order, with nothing left out', async () => {
    const total = LARGEST_PAGE * 2 + 7;
    const { asked, fetchPage } = served(total);
    const list = await read(fetchPage);
    expect(list?.items).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(list?.total).toBe(total);
    expect(asked.sort()).toEqual([1, 2, 3]);
  });

  it('answers undefined when any page fails, rather than a shortened list', async () => {
    expect(await read(served(LARGEST_PAGE * 3, 2).fetchPage)).toBeUndefined();
    expect(await read(served(10, 1).fetchPage)).toBeUndefined();
  });
});
