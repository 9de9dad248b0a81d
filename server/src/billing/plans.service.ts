import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { PLANS, planOnServer } from '../vocabulary/plan.catalogue';
import { PlanDto } from './plan.dto';

@Injectable()
export class PlansService {
  private readonly domainWatch: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.domainWatch = Boolean(config.sources.hibp.apiKey);
  }

  /** The catalogue as this server can honour it (no domain watch sold without an HIBP key). */
  listPlans(): PlanDto[] {
    return PLANS.map((plan) => PlanDto.from(planOnServer(plan, { domainWatch: this.domainWatch })));
  }
}
