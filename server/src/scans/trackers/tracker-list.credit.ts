/** Whom the fetched tracker list is credited to, and under which licence. */
export interface TrackerListCredit {
  name: string;
  /** The project's page, or the list's address: the link the credit carries. */
  url: string;
  license?: string;
  licenseUrl?: string;
}

/** The fetched tracker list in use: whom it is credited to and when it was fetched. */
export interface TrackerListInUse extends TrackerListCredit {
  fetchedAt: string;
}

/** third-party-web by Patrick Hulce: MIT, so it fits a product with paid plans (the credit is what the licence asks). */
export const THIRD_PARTY_WEB_CREDIT: TrackerListCredit = {
  name: 'third-party-web (Patrick Hulce)',
  url: 'https://github.com/patrickhulce/third-party-web',
  license: 'MIT',
  licenseUrl: 'https://github.com/patrickhulce/third-party-web/blob/master/LICENSE',
};

/** third-party-web for its published file and its copies (an address naming the package), else the list's host. */
export function trackerListCredit(url: string): TrackerListCredit {
  if (/third-party-web/i.test(url)) return THIRD_PARTY_WEB_CREDIT;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // A configured URL always parses (validated at boot); keep it whole otherwise.
  }
  return { name: host, url };
}
