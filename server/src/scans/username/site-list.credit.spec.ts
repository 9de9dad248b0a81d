import { listsUsed, siteListCredit, WHATSMYNAME_CREDIT } from './site-list.credit';
import type { UsernameSiteListInfo } from './username-site.types';

describe('siteListCredit', () => {
  it.each([
    'https://raw.githubusercontent.com/WebBreacher/WhatsMyName/main/wmn-data.json',
    'https://mirror.internal.example/osint/wmn-data.json',
    'http://files.example/whatsmyname/list.json',
  ])('credits WhatsMyName for its file and copies of it: %s', (url) => {
    expect(siteListCredit(url)).toEqual({
      name: 'WhatsMyName',
      url: 'https://github.com/WebBreacher/WhatsMyName',
      license: 'CC BY-SA 4.0',
      licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    });
  });

  it('credits another list to its host, with its address', () => {
    expect(siteListCredit('https://lists.example:8443/sites.json')).toEqual({ name: 'lists.example:8443', url: 'https://lists.example:8443/sites.json' });
  });
});

describe('listsUsed', () => {
  const wmn = WHATSMYNAME_CREDIT;
  const other = { name: 'lists.example', url: 'https://lists.example/sites.json' };
  it.each<[UsernameSiteListInfo, string]>([
    [{ builtIn: 28, configured: 640, list: { credit: wmn, loaded: true } }, "WhatsMyName's list and Footprint's own"],
    [{ builtIn: 0, configured: 640, list: { credit: wmn, loaded: true } }, "WhatsMyName's list"],
    [{ builtIn: 30, configured: 0, list: { credit: wmn, loaded: false } }, "Footprint's own list; WhatsMyName's list could not be downloaded yet"],
    [{ builtIn: 30, configured: 0, list: null }, "Footprint's own list"],
    [{ builtIn: 30, configured: 4, list: { credit: other, loaded: true } }, "the list at lists.example and Footprint's own"],
  ])('%j → %s', (lists, words) => {
    expect(listsUsed(lists)).toBe(words);
  });
});
