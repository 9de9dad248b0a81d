import { ApiProperty } from '@nestjs/swagger';

export class HealthDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'unavailable', 'draining'], example: 'ready', description: '`draining`: the instance is stopping and takes no new work.' })
  status!: 'ready' | 'unavailable' | 'draining';

  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'Whether PostgreSQL answered a query.' })
  database!: 'up' | 'down';
}
