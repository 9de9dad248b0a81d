import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ErrorBodyDto } from '../http/error-body.dto';
import { OPERATOR_TOKEN_MESSAGE, OperatorTokenGuard } from '../security/operator-token.guard';
import { MetricsService } from './metrics.service';

@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @UseGuards(OperatorTokenGuard)
  @ApiBearerAuth('operatorToken')
  @ApiOperation({
    summary: 'Prometheus metrics, for operators',
    description:
      'The Prometheus text format: HTTP request durations by route template, scan and check durations and ' +
      'outcomes, the mail outbox, monitors due and overdue and the scheduler lag, the database pool, and the ' +
      'process (CPU, memory, event loop). Needs `Authorization: Bearer <OPERATOR_TOKEN>`; answers 404 when ' +
      'OPERATOR_TOKEN is not set. METRICS_PORT serves the same without a token on a loopback-only port.',
  })
  @ApiOkResponse({ description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: `'${OPERATOR_TOKEN_MESSAGE}'` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'OPERATOR_TOKEN is not set.' })
  async getMetrics(@Res({ passthrough: true }) res: Response): Promise<string> {
    const { contentType, body } = await this.metrics.scrape();
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
