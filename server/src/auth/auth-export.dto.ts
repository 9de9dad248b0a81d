import { EMAIL_TOKEN_PURPOSES, type EmailTokenPurpose } from './email-token.entity';
import { ApiProperty } from '@nestjs/swagger';
import { ApiTokenDto } from './api-token.dto';
import { PlanSummaryDto } from './auth.dto';

export class ExportedProfileDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, nullable: true })
  displayName!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  emailVerifiedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the first-time tour was finished or skipped.' })
  onboardingCompletedAt!: string | null;

  @ApiProperty({ description: 'Whether the account has a password (false: Google sign-in only).' })
  hasPassword!: boolean;

  @ApiProperty({ type: PlanSummaryDto })
  plan!: PlanSummaryDto;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class ExportedSessionDto {
  @ApiProperty({ format: 'date-time', description: 'When this sign-in session last refreshed its token.' })
  lastRefreshedAt!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ description: "Signed in with 'Remember me' (or by signing up)." })
  persistent!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When this token ended: refreshed into the next one, or signed out. Null while it lasts.' })
  endedAt!: string | null;

  @ApiProperty({ description: 'Still usable: not refreshed, not signed out and not expired.' })
  active!: boolean;
}

export class ExportedEmailTokenDto {
  @ApiProperty({ enum: EMAIL_TOKEN_PURPOSES, description: "'change-email': a link sent to a new sign-in address." })
  purpose!: EmailTokenPurpose;

  @ApiProperty({ type: String, nullable: true, description: "'change-email': the address the link was sent to." })
  newEmail!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  usedAt!: string | null;
}

export class ExportedApiTokenDto extends ApiTokenDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;
}

/** Auth's part of the account export. */
export interface AuthExportDto {
  profile: ExportedProfileDto;
  sessions: ExportedSessionDto[];
  emailLinks: ExportedEmailTokenDto[];
  apiTokens: ExportedApiTokenDto[];
}
