import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from './password-hasher';
import { PlanSummaryDto } from './auth.dto';
import { ApiTokenDto } from './api-token.dto';
import { ExportedMonitorDto } from '../monitoring/monitoring.dto';
import { ScanRecordDto } from '../scans/scan.dto';
import { ANALYTICS_EVENTS, AnalyticsEventName } from '../analytics/analytics-event.catalogue';
import { PLAN_TIERS, PlanTier } from '../vocabulary/plan.catalogue';

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

export class ExportedPaymentDto {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  plan!: PlanTier;

  @ApiProperty({ description: 'US cents.' })
  amountCents!: number;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({ enum: ['created', 'succeeded', 'failed'] })
  status!: 'created' | 'succeeded' | 'failed';

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  succeededAt!: string | null;
}

export class ExportedAnalyticsEventDto {
  @ApiProperty({ enum: ANALYTICS_EVENTS, enumName: 'AnalyticsEventName' })
  event!: AnalyticsEventName;

  @ApiProperty({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } })
  parameters!: Record<string, string | number>;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class ExportedAbTestDto {
  @ApiProperty({ example: 'pricing_test' })
  testName!: string;

  @ApiProperty({ example: 'B' })
  variant!: string;

  @ApiProperty({ format: 'date-time' })
  assignedAt!: string;
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

  @ApiProperty({ type: [ExportedPaymentDto], description: 'Payments started and made (Stripe PaymentIntents), newest first.' })
  payments!: ExportedPaymentDto[];

  @ApiProperty({ type: [ExportedAnalyticsEventDto], description: 'First-party analytics events, newest first.' })
  analyticsEvents!: ExportedAnalyticsEventDto[];

  @ApiProperty({ type: [ExportedAbTestDto], description: 'A/B test variants shown to the account.' })
  abTests!: ExportedAbTestDto[];

  @ApiProperty({ type: [ExportedMonitorDto], description: 'Monitors with their targets, runs and notices, newest first.' })
  monitors!: ExportedMonitorDto[];
}

/** The parts of the export that other modules keep (they register a reader with AccountService). */
export type ExportSections = Pick<AccountExportDto, 'scans' | 'payments' | 'analyticsEvents' | 'abTests' | 'monitors'>;
