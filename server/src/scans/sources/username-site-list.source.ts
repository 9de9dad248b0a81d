import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { downloadListDocument, type ListDocumentDownload } from './source-http.util';
import type { SourceResult } from './source.types';

/** The name used in messages about the site list download. */
export const SITE_LIST_SERVICE = 'Username site list';
/** The public list is around a megabyte; anything far bigger is not what we were told to load. */
export const MAX_SITE_LIST_BYTES = 8 * 1024 * 1024;

/**
 * Downloads the configured site list (USERNAME_SITE_LIST_URL, an operator's setting, not user
 * input) with our User-Agent, a size cap and the stored copy's ETag. Never throws.
 */
@Injectable()
export class UsernameSiteListSource {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  download(url: string, etag: string | null, signal: AbortSignal): Promise<SourceResult<ListDocumentDownload>> {
    return downloadListDocument({ service: SITE_LIST_SERVICE, url, userAgent: this.config.sources.userAgent, signal, maxBytes: MAX_SITE_LIST_BYTES }, etag);
  }
}
