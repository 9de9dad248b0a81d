import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import type { MatchOutcome } from './organisation-match.rules';
import { CATALOGUE_CREDIT, ORGANISATION_KINDS, ORGANISATION_SOURCES, type OrganisationSource, REQUIRED_ELEMENT_TYPES, TRANSPORT_MEDIA, type Organisation, type OrganisationKind, type RequiredElement, type RequiredElementType, type TransportMedium } from './organisation.types';

export class RequiredElementDto implements RequiredElement {
  @ApiProperty({ example: 'Customer number' })
  desc!: string;
  @ApiProperty({ enum: REQUIRED_ELEMENT_TYPES })
  type!: RequiredElementType;
  @ApiProperty()
  optional!: boolean;
}

export class OrganisationDto implements Organisation {
  @ApiProperty({ enum: ORGANISATION_KINDS })
  kind!: OrganisationKind;
  @ApiProperty({ enum: ORGANISATION_SOURCES, description: "datarequests: the datarequests.org database (CC0 1.0); ca_broker_registry: California's data broker registry (a public record)." })
  source!: OrganisationSource;
  @ApiProperty({ example: 'acme' })
  slug!: string;
  @ApiProperty({ example: 'ACME Ltd.' })
  name!: string;
  @ApiProperty({ type: String, nullable: true })
  web!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The privacy contact address.' })
  email!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A web form for privacy requests.' })
  webform!: string | null;
  @ApiProperty()
  address!: string;
  @ApiProperty({ type: [String], description: "ISO 3166-1 alpha-2 codes (lower case) or 'all'." })
  countries!: string[];
  @ApiProperty({ type: [String], example: ['ads', 'addresses'] })
  categories!: string[];
  @ApiProperty({ type: [String], description: 'Services and brands it is responsible for.' })
  runs!: string[];
  @ApiProperty({ type: [String], description: 'Registrable domains matching uses.' })
  domains!: string[];
  @ApiProperty({ type: [RequiredElementDto], description: 'What the organisation needs to find the person (beyond the email address).' })
  requiredElements!: RequiredElementDto[];
  @ApiProperty()
  needsIdDocument!: boolean;
  @ApiProperty({ enum: TRANSPORT_MEDIA })
  transport!: TransportMedium;
  @ApiProperty({ example: 'verified' })
  quality!: string;
  @ApiProperty({ type: String, nullable: true })
  complaintLanguage!: string | null;
}

export class CatalogueCreditDto {
  @ApiProperty({ example: CATALOGUE_CREDIT.name })
  name!: string;
  @ApiProperty({ example: CATALOGUE_CREDIT.url })
  url!: string;
  @ApiProperty({ example: CATALOGUE_CREDIT.licence })
  licence!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the stored copy was fetched; null: not loaded yet.' })
  fetchedAt!: string | null;
  @ApiProperty({ description: 'Companies in the stored copy.' })
  companies!: number;
}

export class OrganisationSearchQueryDto {
  @ApiProperty({ minLength: 2, maxLength: 100, example: 'adobe', description: 'A name or a domain.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'query must be 2 to 100 characters' })
  @Length(2, 100, { message: 'query must be 2 to 100 characters' })
  query!: string;

  @ApiPropertyOptional({ enum: ORGANISATION_KINDS, default: 'company' })
  @IsOptional()
  @IsIn(ORGANISATION_KINDS, { message: `kind must be one of ${ORGANISATION_KINDS.join(', ')}` })
  kind?: OrganisationKind;
}

export class OrganisationListDto {
  @ApiProperty({ type: [OrganisationDto] })
  organisations!: OrganisationDto[];
  @ApiProperty({ type: CatalogueCreditDto })
  source!: CatalogueCreditDto;
}

const toList = ({ value }: { value: unknown }) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

export class OrganisationMatchQueryDto {
  @ApiProperty({ type: [String], description: "Findings' labels, one per finding, in the order of domain and company.", example: ['Adobe'] })
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  label!: string[];

  @ApiPropertyOptional({ type: [String], description: 'Per finding, its domains separated by spaces (empty when none).', example: ['adobe.com'] })
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(2000, { each: true })
  domains?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Per finding, a company name (empty when none).', example: [''] })
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  company?: string[];
}

export class OrganisationMatchDto {
  @ApiProperty()
  label!: string;
  @ApiProperty()
  matched!: boolean;
  @ApiPropertyOptional({ enum: ['domain', 'name'] })
  by?: 'domain' | 'name';
  @ApiPropertyOptional({ type: OrganisationDto })
  organisation?: OrganisationDto;
  @ApiPropertyOptional({ description: 'Why nothing matched.' })
  reason?: string;

  static from(outcome: MatchOutcome): OrganisationMatchDto {
    return outcome.matched ? { label: outcome.label, matched: true, by: outcome.by, organisation: outcome.organisation } : { label: outcome.label, matched: false, reason: outcome.reason };
  }
}

export class OrganisationMatchListDto {
  @ApiProperty({ type: [OrganisationMatchDto] })
  matches!: OrganisationMatchDto[];
  @ApiProperty({ type: CatalogueCreditDto })
  source!: CatalogueCreditDto;
}
