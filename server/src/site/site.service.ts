import { Inject, Injectable, Logger } from '@nestjs/common';
import { maskPersonalText } from '../common/logging/personal-text.util';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { appVersion } from '../common/package-info.util';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { ClientErrorReceiptDto, ClientErrorReportDto } from './client-error.dto';
import { outsideServices } from './outside-services.catalogue';
import { SiteInfoDto } from './site-info.dto';
import { SITE_RATE_LIMITS } from './site-rate-limits.catalogue';

@Injectable()
export class SiteService {
  private readonly logger = new Logger('ClientError');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  getSiteInfo(): SiteInfoDto {
    return {
      name: 'Footprint',
      contactEmail: this.config.contactEmail,
      version: appVersion(),
      // The same test the mail service makes: a transport exists exactly when SMTP_URL is set.
      sendsEmail: Boolean(this.config.smtpUrl),
      outsideServices: outsideServices(this.config),
    };
  }

  /**
   * Logs a page that failed to render under the report's request id, which the page shows, so a
   * person can quote it. Emails, URLs and @handles in the texts are masked first.
   */
  async reportClientError(report: ClientErrorReportDto, requestId: string, clientIp: string): Promise<ClientErrorReceiptDto> {
    await this.limiter.consume(SITE_RATE_LIMITS.clientErrorsPerIp, clientIp);
    const fields = {
      requestId,
      path: maskPersonalText(report.path),
      errorName: maskPersonalText(report.name),
      errorMessage: maskPersonalText(report.message),
    };
    this.logger.warn(`page failed to render ${JSON.stringify(fields)}`);
    return { requestId };
  }
}
