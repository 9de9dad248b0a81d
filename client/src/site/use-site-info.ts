import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { type Loadable, useQuery } from '../hooks/use-query';

export type SiteInfo = components['schemas']['SiteInfoDto'];

const loadSiteInfo = async () => (await api.GET('/api/site')).data;

/** The site's name and contact address (GET /api/site). */
export function useSiteInfo(): Loadable<SiteInfo> {
  return useQuery('site', loadSiteInfo)[0];
}
