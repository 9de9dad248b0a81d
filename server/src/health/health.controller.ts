import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DatabaseHealth } from '../common/database/database.health';
import { DrainState } from '../common/http/http.drain';
import { HealthDto, ReadinessDto } from './health.dto';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly drain: DrainState,
  ) {}

  @Get('health')
  @ApiOperation({
    summary: 'Liveness: the process is up',
    description: 'Answers 200 as long as the process serves HTTP, whatever the state of the database. For a container runtime\'s liveness probe; not logged.',
  })
  @ApiOkResponse({ type: HealthDto, description: 'The process is up.' })
  getHealth(): HealthDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: the app can serve requests',
    description:
      'Answers 200 when the database takes a query within 2 seconds, else 503: for a load balancer or an orchestrator\'s readiness probe. ' +
      'From the moment the instance is told to stop (SIGTERM) it answers 503 with status `draining`, while it finishes the requests in flight.',
  })
  @ApiOkResponse({ type: ReadinessDto, description: 'The app can serve requests: the database answers.' })
  @ApiServiceUnavailableResponse({ type: ReadinessDto, description: 'The database does not answer, or the instance is stopping.' })
  async getReadiness(@Res({ passthrough: true }) res: Response): Promise<ReadinessDto> {
    const up = await this.database.isReachable();
    const draining = this.drain.draining;
    if (!up || draining) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: draining ? 'draining' : up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' };
  }
}
