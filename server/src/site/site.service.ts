import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { appVersion } from '../common/package-info';
import { outsideServices } from './outside-services';
import { SiteInfoDto } from './site-info.dto';

@Injectable()
export class SiteService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  getSiteInfo(): SiteInfoDto {
    return { name: 'Footprint', contactEmail: this.config.contactEmail, version: appVersion(), outsideServices: outsideServices(this.config) };
  }
}
