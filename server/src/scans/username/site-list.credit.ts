import type { SiteListCredit, UsernameSiteListInfo } from './username-site.types';

/** WhatsMyName: the credit its licence (CC BY-SA 4.0) asks for, with a link. */
export const WHATSMYNAME_CREDIT: SiteListCredit = {
  name: 'WhatsMyName',
  url: 'https://github.com/WebBreacher/WhatsMyName',
  license: 'CC BY-SA 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
};

/**
 * Whom a configured list is credited to: WhatsMyName for its published file and its copies (an
 * address naming WhatsMyName or its file, wmn-data.json), else the list's host.
 */
export function siteListCredit(url: string): SiteListCredit {
  if (/whatsmyname|wmn-data\.json/i.test(url)) return WHATSMYNAME_CREDIT;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // A configured URL always parses (validated at boot); keep it whole otherwise.
  }
  return { name: host, url };
}

/** Which lists the sites came from, for the check line: "WhatsMyName's list and Footprint's own". */
export function listsUsed({ builtIn, configured, list }: UsernameSiteListInfo): string {
  const name = list ? (list.credit.name === 'WhatsMyName' ? "WhatsMyName's list" : `the list at ${list.credit.name}`) : undefined;
  if (name && configured > 0) return builtIn > 0 ? `${name} and Footprint's own` : name;
  if (name && !list?.loaded) return `Footprint's own list; ${name} could not be downloaded yet`;
  return "Footprint's own list";
}
