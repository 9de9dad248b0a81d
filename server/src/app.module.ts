import { DynamicModule, Module } from '@nestjs/common';
import { BillingModule } from './billing/billing.module';
import { AppConfig } from './common/config/app-config';
import { ConfigModule } from './common/config/config.module';
import { DatabaseModule } from './common/database/database.module';
import { HealthModule } from './health/health.module';
import { SiteModule } from './site/site.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, HealthModule, SiteModule, BillingModule],
    };
  }
}
