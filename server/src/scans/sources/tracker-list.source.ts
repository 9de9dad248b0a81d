import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { downloadListDocument, type ListDocumentDownload } from './source-http.util';
import type { SourceResult } from './source.types';

/** The name used in messages about the tracker list download. */
export const TRACKER_LIST_SERVICE = 'Tracker list';
/** The published list is under 300 KB; anything far bigger is not what we were told to load. */
export const MAX_TRACKER_LIST_BYTES = 8 * 1024 * 1024;

/**
 * Downloads the configured tracker list (TRACKER_LIST_URL, an operator's setting, not user input)
 * with our User-Agent, a size cap and the stored copy's ETag. Never throws.
 */
@Injectable()
export class TrackerListSource {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  download(url: string, etag: string | null, signal: AbortSignal): Promise<SourceResult<ListDocumentDownload>> {
    return downloadListDocument({ service: TRACKER_LIST_SERVICE, url, userAgent: this.config.sources.userAgent, signal, maxBytes: MAX_TRACKER_LIST_BYTES }, etag);
  }
}
