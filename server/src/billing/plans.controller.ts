import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlanListDto } from './plan.dto';
import { PlansService } from './plans.service';

@ApiTags('billing')
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @ApiOkResponse({ type: PlanListDto, description: 'The plan catalogue, cheapest first.' })
  listPlans(): PlanListDto {
    return { plans: this.plans.listPlans() };
  }
}
