import { platformOfHost } from '../../browser-shared/scan-input.rules';
import { ACCOUNT_PLACEHOLDER } from './site-list.parser';
import type { UsernameSite } from './username-site.types';

/** The built-in and configured sites as one list, each site asked once. */
export interface MergedSiteList {
  sites: UsernameSite[];
  /** Configured entries that took the place of a built-in site asking about the same account. */
  replaced: number;
  /** Configured entries left out: another configured entry already asks about the same account. */
  duplicates: number;
}

/**
 * The built-in sites with the configured ones merged in, so that no check is asked twice. Two
 * entries are the same check when they share a name (letters and digits only, case-insensitive:
 * "Hacker News" = "HackerNews"), or a check address (scheme, `www.`, trailing slash, query order and
 * case aside): "GitHub (User)" asking api.github.com/users/{account} is our "GitHub". A POST entry's
 * address is shared by every name it asks about, so its body is part of its key. Distinct checks of
 * one profile page are all kept (see siteKeys).
 *
 * A configured entry replaces the built-in one it matches (the maintained list is the fresher), but
 * keeps the built-in name (stable for monitors and people), its platform, and reads it as a profile
 * page only when it asks the same host. A new configured entry gets the platform of its profile host
 * (instagram.com → instagram). A later configured entry matching an earlier one is left out.
 */
export function mergeSiteLists(builtIn: readonly UsernameSite[], configured: readonly UsernameSite[]): MergedSiteList {
  const sites: UsernameSite[] = [];
  const owner = new Map<string, number>();
  const fromList = new Set<number>();
  let replaced = 0;
  let duplicates = 0;
  const register = (index: number, site: UsernameSite) => {
    for (const key of siteKeys(site)) if (!owner.has(key)) owner.set(key, index);
  };

  for (const site of builtIn) register(sites.push({ ...site, origin: 'built-in' }) - 1, site);
  for (const site of configured) {
    const match = siteKeys(site)
      .map((key) => owner.get(key))
      .find((index) => index !== undefined);
    if (match === undefined) {
      const platform = platformOfHost(hostOf(site.uriPretty ?? site.uriCheck));
      const index = sites.push({ ...site, ...(platform ? { platform } : {}), profilePage: false, origin: 'configured' }) - 1;
      fromList.add(index);
      register(index, site);
      continue;
    }
    if (fromList.has(match)) {
      duplicates += 1;
      continue;
    }
    const old = sites[match];
    const profilePage = old.profilePage && hostOf(old.uriCheck) === hostOf(site.uriCheck);
    const { platform: _ignored, ...data } = site;
    sites[match] = { ...data, name: old.name, ...(old.platform ? { platform: old.platform } : {}), profilePage, origin: 'configured' };
    fromList.add(match);
    register(match, site);
    replaced += 1;
  }
  return { sites, replaced, duplicates };
}

/**
 * What makes two entries the same check: their name, or the address they ask, normalized. Not the
 * profile address alone: two checks of one profile page (a Docker Hub user and an organisation, a
 * public and a private WordPress.com blog) ask different things, and both are kept. That they are
 * one account is for the counting (accountKeyOf in the analyzer), not for dropping a check.
 */
export function siteKeys(site: UsernameSite): string[] {
  const keys: string[] = [];
  const name = site.name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (name !== '') keys.push(`name:${name}`);
  const check = normalizedTemplate(site.uriCheck);
  if (check !== undefined) keys.push(site.postBody === undefined ? `url:${check}` : `post:${check} ${site.postBody}`);
  return keys;
}

/**
 * A URL template as the site it names: host without `www.` and port, path without a trailing
 * slash, query parameters sorted, all lower-case; the scheme left out. Undefined when it is no URL.
 */
export function normalizedTemplate(template: string): string | undefined {
  let url: URL;
  try {
    url = new URL(template.split(ACCOUNT_PLACEHOLDER).join('__account__'));
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^www\./i, '') + (url.port ? `:${url.port}` : '');
  const path = url.pathname.replace(/\/+$/, '');
  const query = [...url.searchParams]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');
  return `${host}${path}${query ? `?${query}` : ''}`.toLowerCase();
}

function hostOf(template: string): string {
  try {
    return new URL(template.split(ACCOUNT_PLACEHOLDER).join('x')).hostname;
  } catch {
    return '';
  }
}
