import { PageInfoDto } from '../common/http/pagination.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MonitorDomainDto, MonitorWebsiteDto } from './monitor-watch.dto';
import {
  MONITOR_KINDS,
  MONITOR_MESSAGES,
  MONITOR_RUN_STATUSES,
  MONITOR_TYPES,
  NOTICE_ITEM_KINDS,
  type MonitorKind,
  type MonitorRunStatus,
  type MonitorTargets,
  type MonitorType,
  type NoticeItem,
  type NoticeItemKind,
} from './monitoring.types';

/**
 * The monitoring API's shapes (issue 9 contract). Kept free of auth imports: the account export
 * (account/account.dto.ts) includes ExportedMonitorDto.
 */


/** Entries a request may carry before trimming and de-duplication (the rules then allow 10 + 10). */
const MAX_RAW_ENTRIES = 100;
const MAX_ENTRY_LENGTH = 2048;

/** The entries of a new monitor: emails and handles, or one website, or one email domain. */
export class MonitorTargetsDto {
  @ApiPropertyOptional({ type: [String], example: ['jane@example.com'], description: 'Email addresses (compared case-insensitively).' })
  @IsOptional()
  @IsArray({ message: MONITOR_MESSAGES.emailsList })
  @ArrayMaxSize(MAX_RAW_ENTRIES, { message: MONITOR_MESSAGES.emailsList })
  @IsString({ each: true, message: MONITOR_MESSAGES.emailsList })
  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: MONITOR_MESSAGES.emailsList })
  emails?: string[];

  @ApiPropertyOptional({ type: [String], example: ['@jane_doe'], description: "Handles ('@name') or social profile URLs naming an account (not a post)." })
  @IsOptional()
  @IsArray({ message: MONITOR_MESSAGES.handlesList })
  @ArrayMaxSize(MAX_RAW_ENTRIES, { message: MONITOR_MESSAGES.handlesList })
  @IsString({ each: true, message: MONITOR_MESSAGES.handlesList })
  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: MONITOR_MESSAGES.handlesList })
  handles?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['https://shop.example'],
    description: 'One website (a URL or a bare domain), alone in its monitor (paid plans): every run performs the full website check and alerts on what changed.',
  })
  @IsOptional()
  @IsArray({ message: MONITOR_MESSAGES.websitesList })
  @ArrayMaxSize(MAX_RAW_ENTRIES, { message: MONITOR_MESSAGES.websitesList })
  @IsString({ each: true, message: MONITOR_MESSAGES.websitesList })
  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: MONITOR_MESSAGES.websitesList })
  websites?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['example.com'],
    description: "One email domain, alone in its monitor (Business plan): once its control is proven, its breached addresses through Have I Been Pwned's domain search.",
  })
  @IsOptional()
  @IsArray({ message: MONITOR_MESSAGES.domainsList })
  @ArrayMaxSize(MAX_RAW_ENTRIES, { message: MONITOR_MESSAGES.domainsList })
  @IsString({ each: true, message: MONITOR_MESSAGES.domainsList })
  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: MONITOR_MESSAGES.domainsList })
  domains?: string[];
}

/** What a monitor watches, as the API shows it: every list, empty where the monitor has none. */
export class MonitorTargetListsDto implements MonitorTargets {
  @ApiProperty({ type: [String], example: ['jane@example.com'] })
  emails!: string[];

  @ApiProperty({ type: [String], example: ['@jane_doe'] })
  handles!: string[];

  @ApiProperty({ type: [String], example: [], description: "A website monitor's website." })
  websites!: string[];

  @ApiProperty({ type: [String], example: [], description: "A domain monitor's email domain." })
  domains!: string[];
}

export class CreateMonitorDto {
  @ApiProperty({ enum: MONITOR_TYPES, example: 'weekly', description: 'weekly: every 7 days; monthly: every 30 days.' })
  @IsIn(MONITOR_TYPES, { message: MONITOR_MESSAGES.invalidType })
  type!: MonitorType;

  @ApiProperty({ type: MonitorTargetsDto, description: 'Emails and handles, or one website, or one email domain: a monitor watches one kind.' })
  @IsDefined({ message: MONITOR_MESSAGES.targetsRequired })
  @IsObject({ message: MONITOR_MESSAGES.targetsRequired })
  @ValidateNested()
  @Type(() => MonitorTargetsDto)
  targets!: MonitorTargetsDto;
}

export class UpdateMonitorDto {
  @ApiProperty({ description: 'false pauses the monitor, true activates it (within the plan limit).', example: false })
  @IsBoolean({ message: MONITOR_MESSAGES.activeRequired })
  active!: boolean;
}

export class MonitorRunDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  startedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt!: string | null;

  @ApiProperty({ enum: MONITOR_RUN_STATUSES, description: "partial: a website read without running its page's scripts (what only a browser sees was not compared). waiting: nothing could be checked yet (the addresses await their owners' verification, or control of the domain is not proven)." })
  status!: MonitorRunStatus;

  @ApiProperty({ description: 'How many findings were new since the previous run (0 on the first run, which records the starting point).' })
  newItems!: number;

  @ApiProperty({ example: '2 new breaches, 1 new site with your name', description: "'No changes', what was new, or why the run failed." })
  summary!: string;

  @ApiProperty({ type: () => [MonitorChangeDto], description: 'What the run alerted about, with before, after and the evidence where it has them.' })
  changes!: MonitorChangeDto[];
}

export class MonitorChangeDto {
  @ApiProperty({ enum: NOTICE_ITEM_KINDS, description: 'What kind of change; more kinds may come.' })
  kind!: NoticeItemKind;

  @ApiProperty({ description: 'The monitored email, handle, website or domain it concerns.' })
  target!: string;

  @ApiProperty({ example: 'New tracker: Hotjar (Hotjar, session recording)' })
  title!: string;

  @ApiProperty({ description: 'What to do about it.' })
  recommendation!: string;

  @ApiPropertyOptional({ example: 'Not seen on earlier checks', description: 'What it was on the earlier checks (website changes, domain breaches).' })
  before?: string;

  @ApiPropertyOptional({ example: 'Loaded by the page', description: 'What it is now.' })
  after?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['script request while the page ran: https://static.hotjar.com/c/hotjar-3141.js'],
    description: 'What was observed: the request that loaded a third party, a header value, the addresses of the domain in a breach.',
  })
  evidence?: string[];
}

export class MonitorRunListDto extends PageInfoDto {
  @ApiProperty({ type: [MonitorRunDto], description: 'This page of the runs, newest first.' })
  runs!: MonitorRunDto[];
}

export class MonitorDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MONITOR_TYPES })
  type!: MonitorType;

  @ApiProperty({ enum: MONITOR_KINDS, description: 'What it watches: emails and handles, one website, or one email domain.' })
  kind!: MonitorKind;

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next run is due (a retry after a failed run, a confirmation run, or the regular schedule).' })
  nextRunAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: MonitorTargetListsDto })
  targets!: MonitorTargetListsDto;

  @ApiProperty({ type: MonitorWebsiteDto, nullable: true, description: 'A website monitor: how its last run saw the site and what awaits confirmation.' })
  website!: MonitorWebsiteDto | null;

  @ApiProperty({ type: MonitorDomainDto, nullable: true, description: "A domain monitor: what to publish to prove control, the proof's state, and Have I Been Pwned's." })
  domain!: MonitorDomainDto | null;

  @ApiProperty({
    type: [String],
    description: "Emails in targets awaiting their owner's click on the verification link; not scanned until verified.",
  })
  pendingEmails!: string[];

  @ApiProperty({ type: [MonitorRunDto], description: 'The latest runs, newest first (at most 5).' })
  lastRuns!: MonitorRunDto[];
}

export class MonitorListDto extends PageInfoDto {
  @ApiProperty({ type: [MonitorDto], description: 'This page of the monitors, newest first.' })
  monitors!: MonitorDto[];

  @ApiProperty({ description: 'How many of the monitors are active.' })
  activeCount!: number;

  @ApiProperty({ description: "The effective plan's active-monitor limit: free 0, plus 1, pro 5, business 25." })
  limit!: number;
}

export class MonitorResponseDto {
  @ApiProperty({ type: MonitorDto })
  monitor!: MonitorDto;
}

export class MonitorNoticeItemDto implements NoticeItem {
  @ApiProperty({ enum: NOTICE_ITEM_KINDS })
  kind!: NoticeItemKind;

  @ApiProperty({ description: 'The monitored email, handle, website or domain it concerns.' })
  target!: string;

  @ApiProperty({ example: 'Lantern Market' })
  title!: string;

  @ApiProperty({ description: 'What to do about it.' })
  recommendation!: string;

  @ApiPropertyOptional({ description: 'What it was on the earlier checks (website changes, domain breaches).' })
  before?: string;

  @ApiPropertyOptional({ description: 'What it is now.' })
  after?: string;

  @ApiPropertyOptional({ type: [String], description: 'What was observed.' })
  evidence?: string[];
}

export class MonitorNoticeDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The monitor whose run found it; null for a queued scan's notice." })
  monitorId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'A queued scan that finished (or finally failed): GET /api/scans/{id}; null for a monitor\'s notice.' })
  scanId!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ example: '1 new breach' })
  summary!: string;

  @ApiProperty({ type: [MonitorNoticeItemDto] })
  items!: MonitorNoticeItemDto[];
}

export class MonitorNoticeListDto extends PageInfoDto {
  @ApiProperty({ type: [MonitorNoticeDto], description: 'This page of the undismissed notices, newest first.' })
  notices!: MonitorNoticeDto[];
}

export class VerifyMonitoredEmailDto {
  @ApiProperty({ description: 'The token from the link in the verification email.', example: 'Zq3xV8kTn2mR5yWc1bLd7hGf9sJp4aEu6oKi0tNw' })
  @IsString({ message: MONITOR_MESSAGES.tokenRequired })
  @IsNotEmpty({ message: MONITOR_MESSAGES.tokenRequired })
  @MaxLength(200, { message: MONITOR_MESSAGES.invalidLink })
  token!: string;
}

export class MonitoredEmailDto {
  @ApiProperty({ example: 'jane@example.com', description: 'The address now verified for monitoring.' })
  email!: string;
}

export class ExportedMonitorNoticeDto extends MonitorNoticeDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  dismissedAt!: string | null;
}

/** A monitor in the account export: everything kept about it, every run and notice. */
export class ExportedMonitorDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MONITOR_TYPES })
  type!: MonitorType;

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextRunAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ enum: MONITOR_KINDS })
  kind!: MonitorKind;

  @ApiProperty({ type: MonitorTargetListsDto })
  targets!: MonitorTargetListsDto;

  @ApiProperty({ type: [String] })
  pendingEmails!: string[];

  @ApiProperty({ type: MonitorWebsiteDto, nullable: true })
  website!: MonitorWebsiteDto | null;

  @ApiProperty({ type: MonitorDomainDto, nullable: true })
  domain!: MonitorDomainDto | null;

  @ApiProperty({ type: [MonitorRunDto], description: 'Every run, newest first.' })
  runs!: MonitorRunDto[];

  @ApiProperty({ type: [ExportedMonitorNoticeDto], description: 'Every notice, dismissed ones included, newest first.' })
  notices!: ExportedMonitorNoticeDto[];

  @ApiProperty({ description: 'How many findings the monitor knows (kept as keys, to tell what is new).' })
  knownItems!: number;
}
