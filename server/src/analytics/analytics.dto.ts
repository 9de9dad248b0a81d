import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, Matches, ValidateIf } from 'class-validator';
import { ANALYTICS_EVENTS, AnalyticsEventName } from './analytics-event.catalogue';

export const ANALYTICS_MESSAGES = {
  unknownEvent: `event must be one of ${ANALYTICS_EVENTS.join(', ')}`,
  parametersObject: 'parameters must be an object',
  badDate: 'from and to must be dates as YYYY-MM-DD',
  badRange: 'from must not be after to, and the range may span at most 366 days',
} as const;

export class TrackEventDto {
  @ApiProperty({ enum: ANALYTICS_EVENTS, enumName: 'AnalyticsEventName' })
  @IsIn(ANALYTICS_EVENTS, { message: ANALYTICS_MESSAGES.unknownEvent })
  event!: AnalyticsEventName;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    description:
      "The event's own fields plus userId, timestamp, userAgent, url and referrer. Unknown names, wrong types and oversized " +
      'values are refused; url and referrer are kept without their query string; userId is ignored (the token says who).',
    example: { scan_type: 'privacy', input_type: 'email', privacy_score: 85, timestamp: '2025-01-01T12:00:00.000Z', url: 'https://footprint.example/dashboard' },
  })
  // Absent is fine; null is not an object (IsOptional would let it through to a 500).
  @ValidateIf((dto: TrackEventDto) => dto.parameters !== undefined)
  @IsObject({ message: ANALYTICS_MESSAGES.parametersObject })
  parameters?: Record<string, unknown>;
}

export class DailyAnalyticsQueryDto {
  @ApiPropertyOptional({ description: 'First day (UTC), YYYY-MM-DD; default 29 days before `to`.', example: '2025-01-01' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: ANALYTICS_MESSAGES.badDate })
  from?: string;

  @ApiPropertyOptional({ description: 'Last day (UTC), YYYY-MM-DD, included; default today.', example: '2025-01-30' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: ANALYTICS_MESSAGES.badDate })
  to?: string;
}

/** One count per event name. */
export class EventCountsDto {
  @ApiProperty() page_view!: number;
  @ApiProperty() scan_started!: number;
  @ApiProperty() scan_completed!: number;
  @ApiProperty() upsell_viewed!: number;
  @ApiProperty() upsell_clicked!: number;
  @ApiProperty() upgrade_started!: number;
  @ApiProperty() upgrade_success!: number;
  @ApiProperty() monitor_created!: number;
  @ApiProperty() email_sent!: number;
  @ApiProperty() error_occurred!: number;
}

export class DailyCountDto {
  @ApiProperty({ example: '2025-01-01', description: 'UTC day.' })
  date!: string;

  @ApiProperty({ type: EventCountsDto })
  counts!: EventCountsDto;
}

export class DailyAnalyticsDto {
  @ApiProperty({ example: '2025-01-01' })
  from!: string;

  @ApiProperty({ example: '2025-01-30' })
  to!: string;

  @ApiProperty({ type: [DailyCountDto], description: 'Every day of the range, oldest first, zeros included.' })
  days!: DailyCountDto[];

  @ApiProperty({ type: EventCountsDto, description: 'Sums over the range.' })
  totals!: EventCountsDto;
}

/** An event as the account export lists it. */
export class ExportedAnalyticsEventDto {
  @ApiProperty({ enum: ANALYTICS_EVENTS, enumName: 'AnalyticsEventName' })
  event!: AnalyticsEventName;

  @ApiProperty({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } })
  parameters!: Record<string, string | number>;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}
