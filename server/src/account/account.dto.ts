import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ExportedAbTestDto } from '../ab-test/ab-test.dto';
import { ExportedAnalyticsEventDto } from '../analytics/analytics.dto';
import { ExportedApiTokenDto, ExportedEmailTokenDto, ExportedProfileDto, ExportedSessionDto } from '../auth/auth-export.dto';
import { MAX_PASSWORD_LENGTH } from '../auth/password.hasher';
import { ExportedPaymentDto } from '../billing/billing.dto';
import { ExportedMonitorDto, ExportedMonitorNoticeDto } from '../monitoring/monitoring.dto';
import { ScanRecordDto } from '../scans/scan.dto';
import { RightsRequestDto } from '../requests/requests.dto';
export class ExportedMailDto {
  @ApiProperty()
  subject!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null while it waits in the outbox.' })
  sentAt!: string | null;
}

export class ExportedBreachAnswerDto {
  @ApiProperty({ example: 'hibp', description: 'The breach source that answered.' })
  source!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The address asked about, when it is the account's own or one its monitors watch; null for an address only scanned (the answer stays sealed: it is kept encrypted with a key only that address gives, and the scan's stored result holds what it said).",
  })
  address!: string | null;

  @ApiProperty({ format: 'date-time' })
  storedAt!: string;

  @ApiProperty({ format: 'date-time', description: 'When the cache stops using it (it is deleted soon after).' })
  expiresAt!: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'array', items: {} }, { type: 'object' }],
    description: "The source's answer as cached (its own shape); absent when sealed (`address` null).",
  })
  answer?: unknown;
}

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

/** Everything Footprint keeps about a person's account, without any secret or hash. */
export class AccountExportDto {
  @ApiProperty({ format: 'date-time' })
  exportedAt!: string;

  @ApiProperty({ type: ExportedProfileDto })
  profile!: ExportedProfileDto;

  @ApiProperty({ type: [ExportedSessionDto], description: "Sign-in sessions' tokens, newest first, ended ones included (each refresh ends one and starts the next)." })
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

  @ApiProperty({ type: [ExportedMonitorNoticeDto], description: 'Notices of scans that were queued and later completed or failed, newest first.' })
  scanNotices!: ExportedMonitorNoticeDto[];

  @ApiProperty({ type: [RightsRequestDto], description: 'Privacy-rights requests with their letters, deadlines and notes, newest first.' })
  rightsRequests!: RightsRequestDto[];

  @ApiProperty({ type: [ExportedMailDto], description: "Emails sent (or queued) to the account's address, oldest first; their bodies hold sign-in links and are left out." })
  mails!: ExportedMailDto[];

  @ApiProperty({
    type: [ExportedBreachAnswerDto],
    description: "Breach sources' answers cached for a short while: those the account's scans and monitors read, and those about its own address or an address its monitors watch, oldest first.",
  })
  breachAnswers!: ExportedBreachAnswerDto[];
}
