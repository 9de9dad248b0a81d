import { ApiProperty } from '@nestjs/swagger';

/** The signed-in user's privacy scans this month against their plan's allowance. */
export class ScanUsageDto {
  @ApiProperty({ description: 'Privacy scans counted this month (running and completed).', example: 2 })
  used!: number;

  @ApiProperty({ description: "The plan's monthly scans (the plan that applies now).", example: 3 })
  limit!: number;

  @ApiProperty({ format: 'date-time', description: 'Start of the calendar month (UTC) being counted.' })
  periodStart!: string;

  @ApiProperty({ format: 'date-time', description: 'Start of the next month, when the count starts again.' })
  periodEnd!: string;
}
