import { ApiProperty } from '@nestjs/swagger';

export class GoogleStatusDto {
  @ApiProperty({ description: 'Whether Google sign-in is set up (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).' })
  configured!: boolean;
}
