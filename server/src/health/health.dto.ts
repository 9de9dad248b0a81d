import { ApiProperty } from '@nestjs/swagger';

export class HealthDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'unavailable'], example: 'ready' })
  status!: 'ready' | 'unavailable';

  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'Whether PostgreSQL answered a query.' })
  database!: 'up' | 'down';
}
