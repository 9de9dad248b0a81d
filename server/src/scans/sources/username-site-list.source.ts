import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure, sourceGet } from './source-http.util';
import type { SourceResult } from './source.types';

/** The name used in messages about the site list download. */
export const SITE_LIST_SERVICE = 'Username site list';
/** The public list is around a megabyte; anything far bigger is not what we were told to load. */
export const MAX_SITE_LIST_BYTES = 8 * 1024 * 1024;

/** A fetched list document, or the server's word that our copy (by ETag) is current. */
export type SiteListDownload = { notModified: true } | { notModified: false; text: string; etag: string | null };

/**
 * Downloads the configured site list (USERNAME_SITE_LIST_URL, an operator's setting, not user
 * input) with our User-Agent, a size cap and the stored copy's ETag. Never throws.
 */
@Injectable()
export class UsernameSiteListSource {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async download(url: string, etag: string | null, signal: AbortSignal): Promise<SourceResult<SiteListDownload>> {
    const res = await sourceGet({
      service: SITE_LIST_SERVICE,
      url,
      userAgent: this.config.sources.userAgent,
      signal,
      headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
      maxBytes: MAX_SITE_LIST_BYTES,
    });
    if (res.status !== 'ok') return res;
    const { status, headers, text } = res.data;
    if (status === 304 && etag) return { status: 'ok', data: { notModified: true } };
    if (status !== 200) return failure('unavailable', `${SITE_LIST_SERVICE} answered with HTTP ${status}`);
    return { status: 'ok', data: { notModified: false, text, etag: headers.get('etag') } };
  }
}
