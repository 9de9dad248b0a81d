import { ApiProperty } from '@nestjs/swagger';

export class SiteInfoDto {
  @ApiProperty({ example: 'Footprint' })
  name!: string;

  @ApiProperty({ description: 'Where people write about privacy and their data.', example: 'privacy@footprint.example' })
  contactEmail!: string;

  @ApiProperty({ example: '0.1.0' })
  version!: string;
}
