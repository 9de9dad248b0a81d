import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure } from '../../scans/sources/source-http.util';
import type { SourceResult } from '../../scans/sources/source.types';

/** The name used in messages about the catalogue download. */
export const CATALOGUE_SERVICE = 'Organisation catalogue';
/** The repository's archive is a few megabytes; anything far bigger is not what we were told to load. */
export const MAX_CATALOGUE_BYTES = 40 * 1024 * 1024;

/** What is downloaded: the name its messages use, and the media types asked for. */
export interface DownloadAs {
  service: string;
  accept: string;
}
const CATALOGUE_ARCHIVE: DownloadAs = { service: CATALOGUE_SERVICE, accept: 'application/gzip, application/x-gzip, */*' };
/** California's data broker registry, a CSV file (served as text/csv or as a download). */
export const BROKER_REGISTRY_DOWNLOAD: DownloadAs = { service: "California's data broker registry", accept: 'text/csv, application/octet-stream, */*' };

export type CatalogueDownload = { notModified: true } | { notModified: false; archive: Buffer; etag: string | null };

/**
 * Downloads the configured catalogue archive (and, with BROKER_REGISTRY_DOWNLOAD, the broker
 * registry's CSV from CA_BROKER_REGISTRY_URL, also an operator's setting) (ORGANISATION_CATALOGUE_URL, an operator's setting,
 * not user input: a gzipped tar of the datarequests.org data repository, as GitHub serves it) with
 * our User-Agent, a size cap and the stored copy's ETag. Never throws.
 */
@Injectable()
export class OrganisationCatalogueSource {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async download(url: string, etag: string | null, signal: AbortSignal, as: DownloadAs = CATALOGUE_ARCHIVE): Promise<SourceResult<CatalogueDownload>> {
    const service = as.service;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'user-agent': this.config.sources.userAgent, accept: as.accept, ...(etag ? { 'if-none-match': etag } : {}) },
        signal,
      });
    } catch {
      return signal.aborted ? failure('timed_out', `${service} did not answer in time`) : failure('unavailable', `Could not reach ${service}`);
    }
    if (res.status === 304 && etag) return { status: 'ok', data: { notModified: true } };
    if (res.status !== 200) {
      await res.body?.cancel();
      return failure('unavailable', `${service} answered with HTTP ${res.status}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    try {
      for (;;) {
        const { done, value } = reader ? await reader.read() : { done: true, value: undefined };
        if (done || !value) break;
        size += value.byteLength;
        if (size > MAX_CATALOGUE_BYTES) {
          await reader?.cancel();
          return failure('unavailable', `${service} answered with a response that is too large`);
        }
        chunks.push(Buffer.from(value));
      }
    } catch {
      return signal.aborted ? failure('timed_out', `${service} did not answer in time`) : failure('unavailable', `${service} stopped answering mid-response`);
    }
    return { status: 'ok', data: { notModified: false, archive: Buffer.concat(chunks), etag: res.headers.get('etag') } };
  }
}
