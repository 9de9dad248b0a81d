import { ApiProperty } from '@nestjs/swagger';

const OUTSIDE_SERVICE_IDS = ['hibp', 'xposedornot', 'pwned-passwords', 'gravatar', 'dns', 'websites', 'username-sites', 'google', 'stripe', 'smtp'] as const;

export class OutsideServiceDto {
  @ApiProperty({ enum: OUTSIDE_SERVICE_IDS }) id!: (typeof OUTSIDE_SERVICE_IDS)[number];
  @ApiProperty({ example: 'XposedOrNot' }) name!: string;
  @ApiProperty({ description: 'What it is for.' }) purpose!: string;
  @ApiProperty({ description: 'What it receives from us.', example: 'The email address being scanned.' }) sends!: string;
  @ApiProperty({ description: 'When it receives it.' }) when!: string;
  @ApiProperty({ description: 'Whether this server uses it now.' }) enabled!: boolean;
  @ApiProperty({ description: 'The setting that turns it off (or on).', example: 'XPOSEDORNOT_ENABLED=false turns it off.' }) control!: string;
}

export class SiteInfoDto {
  @ApiProperty({ example: 'Footprint' })
  name!: string;

  @ApiProperty({ description: 'Where people write about privacy and their data.', example: 'privacy@footprint.example' })
  contactEmail!: string;

  @ApiProperty({ example: '0.1.0' })
  version!: string;

  @ApiProperty({
    description:
      'Whether this server sends email (verification and reset links, monitor alerts). When false, no page may say an email was sent: the person asks the operator for a link.',
    example: true,
  })
  sendsEmail!: boolean;

  @ApiProperty({
    type: [OutsideServiceDto],
    description: 'Every outside service the product can send personal data to, what it sends and when, and whether this server uses it (the privacy policy lists them).',
  })
  outsideServices!: OutsideServiceDto[];
}
