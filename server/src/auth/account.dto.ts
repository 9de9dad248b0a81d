import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from './password-hasher';
import { PlanSummaryDto } from './auth.dto';
import { ApiTokenDto } from './api-token.dto';
import { ScanRecordDto } from '../scans/scan.dto';

export class DeleteAccountDto {
  @ApiPropertyOptional({
    format: 'password',
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'The current password; required for accounts that have one.',
  })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: 'The password is incorrect' })
  @IsString({ message: 'Please enter your current password' })
  @IsOptional()
  password?: string;
}

export class ExportedProfileDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, nullable: true })
  displayName!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  emailVerifiedAt!: string | null;

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
}

export class ExportedEmailTokenDto {
  @ApiProperty({ enum: ['verify', 'reset'] })
  purpose!: 'verify' | 'reset';

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

/** Everything Footprint keeps about a person's account, without any secret or hash. */
export class AccountExportDto {
  @ApiProperty({ format: 'date-time' })
  exportedAt!: string;

  @ApiProperty({ type: ExportedProfileDto })
  profile!: ExportedProfileDto;

  @ApiProperty({ type: [ExportedSessionDto], description: 'Sign-in sessions that are still active.' })
  sessions!: ExportedSessionDto[];

  @ApiProperty({ type: [ExportedEmailTokenDto], description: 'Verification and password reset links sent.' })
  emailLinks!: ExportedEmailTokenDto[];

  @ApiProperty({ type: [ExportedApiTokenDto], description: 'API tokens, including revoked ones.' })
  apiTokens!: ExportedApiTokenDto[];

  @ApiProperty({ type: [ScanRecordDto], description: 'Stored scans with their full results, newest first.' })
  scans!: ScanRecordDto[];
}

/** The parts of the export that other modules keep (they register a reader with AccountService). */
export type ExportSections = Pick<AccountExportDto, 'scans'>;
