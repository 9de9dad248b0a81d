import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { DashboardService } from './dashboard.service';
import { DashboardDto } from './reports.dto';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The signed-in user's overview",
    description: 'Totals, average score, the latest 5 scans, the risk distribution of their findings and the score trend, from their stored scans.',
  })
  @ApiOkResponse({ type: DashboardDto })
  getDashboard(@CurrentUser() user: AuthenticatedUser): Promise<DashboardDto> {
    return this.dashboard.overview(user.userId);
  }
}
