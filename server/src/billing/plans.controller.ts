import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlanListDto } from './plan.dto';
import { PlansService } from './plans.service';

@ApiTags('billing')
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @ApiOperation({
    summary: 'The plan catalogue',
    description:
      'Every plan (Free, Plus, Pro, Business) with its monthly price and limits. A fixed catalogue of four, answered whole: ' +
      'not paginated. The same catalogue drives every limit the server enforces.',
  })
  @ApiOkResponse({ type: PlanListDto, description: 'The plan catalogue, cheapest first.' })
  listPlans(): PlanListDto {
    return { plans: this.plans.listPlans() };
  }
}
