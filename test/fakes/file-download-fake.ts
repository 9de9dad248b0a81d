import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-server';

/** The file a download fake serves now. */
export interface ServedFile {
  body: Buffer;
  contentType: string;
}

/**
 * The plumbing of a fake that serves one data file at one path, the way the catalogues' hosts do:
 * an ETag (SHA-1 of the body) and a 304 to a matching If-None-Match, 404 for any other path, an
 * error status on demand, and the record of each request's If-None-Match and User-Agent.
 */
export abstract class FileDownloadFake {
  /** Answer with this status instead of the file. */
  failWith?: number;
  readonly requests: { ifNoneMatch: string | undefined; userAgent: string | undefined }[] = [];
  private readonly http = new LocalHttpServer(this.constructor.name, (req, res) => this.handle(req, res));

  /** The file's path on the fake's origin. */
  protected abstract readonly path: string;

  /** The file as it is served now. */
  protected abstract file(): ServedFile;

  get url(): string {
    return `${this.http.origin}${this.path}`;
  }

  start(): Promise<string> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.stop();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.requests.push({ ifNoneMatch: req.headers['if-none-match'], userAgent: req.headers['user-agent'] });
    if (req.url !== this.path) {
      res.writeHead(404).end();
      return;
    }
    if (this.failWith) {
      res.writeHead(this.failWith).end();
      return;
    }
    const { body, contentType } = this.file();
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': contentType, etag, 'content-length': body.length }).end(body);
  }
}
