import { Injectable } from '@nestjs/common';
import { PLANS } from '../vocabulary/plan.catalogue';
import { PlanDto } from './plan.dto';

@Injectable()
export class PlansService {
  listPlans(): PlanDto[] {
    return PLANS.map(PlanDto.from);
  }
}
