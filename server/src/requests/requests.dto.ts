import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { JURISDICTIONS, REQUEST_KINDS, REQUEST_STATUSES, type Jurisdiction, type RequestKind, type RequestStatus } from './request.types';

export class IdentityExtraDto {
  @ApiProperty({ example: 'Customer number' })
  @IsString()
  @Length(1, 200)
  desc!: string;

  @ApiProperty({ example: '12345' })
  @IsString()
  @MaxLength(500)
  value!: string;
}

export class CreateRequestDto {
  @ApiProperty({ enum: REQUEST_KINDS })
  @IsIn(REQUEST_KINDS, { message: `kind must be one of ${REQUEST_KINDS.join(', ')}` })
  kind!: RequestKind;

  @ApiProperty({ enum: JURISDICTIONS })
  @IsIn(JURISDICTIONS, { message: `jurisdiction must be one of ${JURISDICTIONS.join(', ')}` })
  jurisdiction!: Jurisdiction;

  @ApiPropertyOptional({ example: 'de', description: 'ISO 3166-1 alpha-2 code of the country the person lives in: picks the supervisory authority.' })
  @IsOptional()
  @Matches(/^[a-zA-Z]{2}$/, { message: 'country must be a two-letter country code' })
  country?: string;

  @ApiPropertyOptional({ example: 'adobe', description: "A catalogue company's slug; or give organisationName (and organisationEmail) for one not in the catalogue." })
  @IsOptional()
  @Matches(/^[a-z0-9-]{1,100}$/, { message: 'organisationSlug must be a catalogue slug' })
  organisationSlug?: string;

  @ApiPropertyOptional({ example: 'Example Ltd.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  organisationName?: string;

  @ApiPropertyOptional({ example: 'privacy@example.com' })
  @IsOptional()
  @IsEmail({}, { message: 'organisationEmail must be an email address' })
  organisationEmail?: string;

  @ApiPropertyOptional({ example: 'Jane Doe', description: 'Signs the letter; leave out when the organisation does not need a name.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiProperty({ example: 'jane@example.com', description: 'The address the person uses with the organisation; answers go there.' })
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(320)
  email!: string;

  @ApiPropertyOptional({ type: [IdentityExtraDto], description: "Answers to the organisation's required elements." })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => IdentityExtraDto)
  extra?: IdentityExtraDto[];

  @ApiPropertyOptional({ example: 'the Adobe breach (2013)', description: 'The finding the request answers.' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  context?: string;
}

export const SETTABLE_STATUSES = ['draft', 'sent', 'answered', 'completed', 'refused'] as const;

export class UpdateRequestDto {
  @ApiPropertyOptional({ enum: SETTABLE_STATUSES, description: "'sent' starts the legal period (on sentOn, default today); overdue is set by the server." })
  @IsOptional()
  @IsIn(SETTABLE_STATUSES, { message: `status must be one of ${SETTABLE_STATUSES.join(', ')}` })
  status?: (typeof SETTABLE_STATUSES)[number];

  @ApiPropertyOptional({ example: '2026-01-31', description: 'The day it was sent (YYYY-MM-DD).' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'sentOn must be a day, YYYY-MM-DD' })
  sentOn?: string;

  @ApiPropertyOptional({ description: 'The organisation extended the period (it must tell you within the first one).' })
  @IsOptional()
  @IsBoolean()
  extended?: boolean;

  @ApiPropertyOptional({ description: 'Notes of the answer.' })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  notes?: string;
}

export class LetterDto {
  @ApiProperty()
  subject!: string;
  @ApiProperty()
  body!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The article or section cited; null for a plain request.' })
  basis!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Where to send it (email), when known.' })
  to!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A mailto: link with subject and body, when there is an address.' })
  mailto!: string | null;
}

export class DeadlineDto {
  @ApiProperty({ example: '2026-02-28' })
  due!: string;
  @ApiProperty({ type: String, nullable: true })
  extendedDue!: string | null;
  @ApiProperty({ example: 'one month, extendable by two further months (Article 12(3) GDPR)' })
  period!: string;
  @ApiProperty({ description: 'False: a suggested date, not one a law sets.' })
  legal!: boolean;
}

export class AuthorityDto {
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: String, nullable: true })
  email!: string | null;
  @ApiProperty({ type: String, nullable: true })
  web!: string | null;
  @ApiProperty({ type: String, nullable: true })
  address!: string | null;
}

export class RightsRequestDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ enum: REQUEST_KINDS })
  kind!: RequestKind;
  @ApiProperty({ enum: JURISDICTIONS })
  jurisdiction!: Jurisdiction;
  @ApiProperty({ type: String, nullable: true })
  country!: string | null;
  @ApiProperty({ enum: REQUEST_STATUSES })
  status!: RequestStatus;
  @ApiProperty({ type: String, nullable: true })
  organisationSlug!: string | null;
  @ApiProperty()
  organisationName!: string;
  @ApiProperty({ type: String, nullable: true })
  organisationEmail!: string | null;
  @ApiProperty({ type: String, nullable: true })
  organisationWebform!: string | null;
  @ApiProperty({ type: String, nullable: true })
  context!: string | null;
  @ApiProperty()
  notes!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-01-31' })
  sentOn!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The day the answer is due (the extended day when extended).' })
  dueOn!: string | null;
  @ApiProperty()
  extended!: boolean;
  @ApiProperty({ type: String, nullable: true })
  answeredOn!: string | null;
  @ApiProperty({ type: DeadlineDto, description: 'The period from sentOn, or from today for a draft.' })
  deadline!: DeadlineDto;
  @ApiProperty({ type: LetterDto })
  letter!: LetterDto;
  @ApiProperty({ description: 'Whether to send an ID document, and how.' })
  idAdvice!: string;
  @ApiProperty({ type: LetterDto, nullable: true, description: 'When overdue: the reminder to the organisation.' })
  followUp!: LetterDto | null;
  @ApiProperty({ type: LetterDto, nullable: true, description: 'When overdue: the complaint to the supervisory authority or the California regulator.' })
  complaint!: LetterDto | null;
  @ApiProperty({ type: AuthorityDto, nullable: true, description: 'Where the complaint goes.' })
  authority!: AuthorityDto | null;
}

export class RequestSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ enum: REQUEST_KINDS })
  kind!: RequestKind;
  @ApiProperty({ enum: REQUEST_STATUSES })
  status!: RequestStatus;
  @ApiProperty()
  organisationName!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ type: String, nullable: true })
  sentOn!: string | null;
  @ApiProperty({ type: String, nullable: true })
  dueOn!: string | null;
  @ApiProperty({ type: String, nullable: true })
  context!: string | null;
}

export class RequestReminderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Adobe' }) organisationName!: string;
  @ApiProperty({ example: '2031-05-02' }) dueOn!: string;
  @ApiProperty({ enum: ['soon', 'due'], description: "'soon': due within 3 days; 'due': the due day passed without an answer." }) reminder!: 'soon' | 'due';
}

export class RequestListDto {
  @ApiProperty({ type: [RequestSummaryDto] })
  requests!: RequestSummaryDto[];
  @ApiProperty({ description: 'Requests still open (draft, sent, overdue).' })
  openCount!: number;
  @ApiProperty({ description: 'Requests created this calendar month (UTC).' })
  usedThisMonth!: number;
  @ApiProperty({ description: "The plan's requests per month." })
  monthlyLimit!: number;
  @ApiProperty({ type: [RequestReminderDto], description: 'In-app reminders, overdue first: the same rule as the reminder emails, until the person acts on the request.' })
  reminders!: RequestReminderDto[];
}

/** One request as the report lists it: to whom, what, under which law, and how it ended (no identifiers). */
export class ReportRequestDto {
  @ApiProperty({ example: 'Adobe' }) organisationName!: string;
  @ApiProperty({ enum: REQUEST_KINDS }) kind!: RequestKind;
  @ApiProperty({ enum: JURISDICTIONS }) jurisdiction!: Jurisdiction;
  @ApiProperty({ enum: REQUEST_STATUSES }) status!: RequestStatus;
  @ApiProperty({ type: String, nullable: true, description: 'The finding the request answers.' }) context!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: '2031-04-02' }) sentOn!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2031-05-02', description: 'The legal due day (the extended one when the organisation extended).' }) dueOn!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2031-04-20' }) answeredOn!: string | null;
  @ApiProperty({ description: "The person's notes of the answer (empty when none)." }) notes!: string;
}

/** What "Ask every data broker" asks: deletion, or (where the law has it, as in California) to stop selling or sharing. */
export const BROKER_BATCH_KINDS = ['erasure', 'opt_out_sale'] as const;
export type BrokerBatchKind = (typeof BROKER_BATCH_KINDS)[number];

export class BrokerBatchQueryDto {
  @ApiProperty({ enum: JURISDICTIONS, description: 'ccpa: the brokers of California\'s registry (and the catalogue\'s US brokers); otherwise the catalogue\'s brokers and address traders for the country.' })
  @IsIn(JURISDICTIONS, { message: `jurisdiction must be one of ${JURISDICTIONS.join(', ')}` })
  jurisdiction!: Jurisdiction;

  @ApiPropertyOptional({ example: 'de', description: 'ISO 3166-1 alpha-2 code of the country the person lives in; needed outside California and the UK.' })
  @IsOptional()
  @Matches(/^[a-zA-Z]{2}$/, { message: 'country must be a two-letter country code' })
  country?: string;

  @ApiPropertyOptional({ enum: BROKER_BATCH_KINDS, default: 'erasure' })
  @IsOptional()
  @IsIn(BROKER_BATCH_KINDS, { message: `kind must be one of ${BROKER_BATCH_KINDS.join(', ')}` })
  kind?: BrokerBatchKind;
}

export class CreateBrokerBatchDto extends BrokerBatchQueryDto {
  @ApiPropertyOptional({ example: 'Jane Doe', description: 'Signs the letters; optional.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiProperty({ example: 'jane@example.com', description: 'The address the brokers should find the person by, and answer.' })
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(320)
  email!: string;
}

export class BrokerDto {
  @ApiProperty({ example: 'ca-broker-example-data-llc' }) slug!: string;
  @ApiProperty({ example: 'Example Data LLC' }) name!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Where the broker takes requests on the web.' }) webform!: string | null;
  @ApiProperty({ enum: ['datarequests', 'ca_broker_registry'] }) source!: 'datarequests' | 'ca_broker_registry';
  @ApiProperty({ description: 'The person already has an open request of this kind with it: no second draft.' }) asked!: boolean;
}

export class DropDto {
  @ApiProperty({ example: 'Delete Request and Opt-out Platform (DROP)' }) name!: string;
  @ApiProperty({ example: 'https://consumer.drop.privacy.ca.gov/' }) url!: string;
  @ApiProperty({ example: 'https://privacy.ca.gov/drop/' }) about!: string;
  @ApiProperty() text!: string;
}

export class BrokerBatchPreviewDto {
  @ApiProperty({ type: DropDto, nullable: true, description: 'For Californians: the state platform that asks every registered broker at once, named first.' })
  drop!: DropDto | null;
  @ApiProperty({ type: [BrokerDto], description: 'Every broker relevant to the person, in name order.' })
  brokers!: BrokerDto[];
  @ApiProperty({ description: 'Brokers the person already has an open request of this kind with (no second draft).' })
  alreadyAsked!: number;
  @ApiProperty({ description: 'Drafts a batch would make now.' })
  willDraft!: number;
  @ApiProperty({ description: "Brokers left without a draft because the month's allowance runs out first." })
  leftOver!: number;
  @ApiProperty({ description: "Requests left in this month's allowance." })
  remaining!: number;
}

export class BrokerBatchResultDto {
  @ApiProperty({ type: [RequestSummaryDto], description: 'The drafts made, each tracked like any request.' })
  created!: RequestSummaryDto[];
  @ApiProperty() alreadyAsked!: number;
  @ApiProperty({ description: "Brokers left without a draft: the month's allowance ran out. Ask again next month, or upgrade." })
  leftOver!: number;
  @ApiProperty({ type: DropDto, nullable: true }) drop!: DropDto | null;
}
