import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageInfoDto } from '../common/http/pagination.dto';
import { DOMAIN_HIBP_STATUSES, DomainHibpStatus } from './domain/domain-watch.rules';
import type { DomainProof } from './monitor-target.entity';

/**
 * The shapes of website and domain monitors (issue 25): what a run changed, a domain's proof of
 * control and Have I Been Pwned's answer, its breached addresses, a website's watched baseline.
 */

export const DOMAIN_PROOF_METHODS = ['dns', 'file'] as const;

export const WATCH_MESSAGES = {
  notDomainMonitor: 'This monitor watches no email domain',
  notProven: (reasons: string) => `Control of the domain could not be confirmed: ${reasons}`,
  methodInvalid: "method must be 'dns' or 'file'",
  domainNeedsBusiness: 'Watching a whole email domain comes with the Business plan.',
  domainNotOffered: 'Watching a whole email domain is not available on this server: it needs a Have I Been Pwned subscription that this server does not have.',
  notVerified: (domain: string) => `Control of ${domain} is not proven: prove it again to see its breached addresses`,
} as const;

export class DomainDnsProofDto {
  @ApiProperty({ example: 'example.com', description: 'The name the TXT record goes on: the domain itself.' }) name!: string;
  @ApiProperty({ enum: ['TXT'] }) type!: 'TXT';
  @ApiProperty({ example: 'footprint-verification=Zq3xV8kTn2mR5yWc1bLd7hGf9sJp4aEu6oKi0tNw' }) value!: string;
}

export class DomainFileProofDto {
  @ApiProperty({ example: 'https://example.com/.well-known/footprint-verification.txt', description: 'Where the file must be served.' }) url!: string;
  @ApiProperty({ example: 'footprint-verification=Zq3xV8kTn2mR5yWc1bLd7hGf9sJp4aEu6oKi0tNw', description: 'What it must hold (one line).' }) content!: string;
}

export class DomainHibpDto {
  @ApiProperty({
    enum: DOMAIN_HIBP_STATUSES,
    description:
      "ok: searched; not_configured: this server has no HIBP key; not_verified: HIBP has not verified the domain for the key's account (its own domain verification); " +
      "subscription_too_small: the key's subscription does not allow searching a domain this size; refused: HIBP answered 403; unavailable, rate_limited, timed_out: tried again later; not_checked: not asked yet.",
  })
  status!: DomainHibpStatus;

  @ApiProperty({ description: 'What it means, in words for people.' })
  message!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  checkedAt!: string | null;
}

export class MonitorDomainDto {
  @ApiProperty({ example: 'example.com' })
  domain!: string;

  @ApiProperty({ description: 'Control of the domain is proven (and still held at the last check).' })
  verified!: boolean;

  @ApiProperty({ enum: DOMAIN_PROOF_METHODS, nullable: true, description: 'How it was proven.' })
  verifiedBy!: DomainProof | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the proof was last checked (every run checks it again; a lapse pauses the monitor).' })
  checkedAt!: string | null;

  @ApiProperty({ type: DomainDnsProofDto, description: 'Either publish this TXT record…' })
  dnsRecord!: DomainDnsProofDto;

  @ApiProperty({ type: DomainFileProofDto, description: '…or serve this file.' })
  file!: DomainFileProofDto;

  @ApiProperty({ type: DomainHibpDto, description: "Have I Been Pwned's side: whether the domain could be searched, and if not why." })
  hibp!: DomainHibpDto;

  @ApiProperty({ type: Number, nullable: true, description: 'Breached addresses at the domain at the last search; null before one.' })
  breachedAddresses!: number | null;
}

export class MonitorWebsiteDto {
  @ApiProperty({ example: 'https://shop.example/' })
  url!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When a run last checked it.' })
  checkedAt!: string | null;

  @ApiProperty({ enum: ['rendered', 'static'], nullable: true, description: 'How the last run read it: the page run in a browser, or its HTML and headers only.' })
  mode!: 'rendered' | 'static' | null;

  @ApiProperty({ type: String, nullable: true, example: 'page run in a browser: 5 third parties, 2 trackers, 3 tracking cookies, header grade B (75/100), Global Privacy Control honoured' })
  summary!: string | null;

  @ApiProperty({ type: [String], description: 'Changes the last run saw once; the next run confirms them before they alert.' })
  pending!: string[];
}

export class VerifyDomainDto {
  @ApiPropertyOptional({ enum: DOMAIN_PROOF_METHODS, description: 'Which way to check; both when left out.' })
  @IsOptional()
  @IsIn(DOMAIN_PROOF_METHODS, { message: WATCH_MESSAGES.methodInvalid })
  method?: DomainProof;
}

export class DomainBreachDto {
  @ApiProperty({ example: 'Adobe', description: "HIBP's name of the breach." }) name!: string;
  @ApiProperty({ example: 'Adobe' }) title!: string;
  @ApiProperty({ type: String, nullable: true, example: '2013-10-04' }) breachDate!: string | null;
  @ApiProperty({ type: [String], example: ['Email addresses', 'Passwords'] }) dataClasses!: string[];
  @ApiProperty({ description: "HIBP's sensitive flag: shown to the domain's verified owner, as HIBP's domain search does." }) isSensitive!: boolean;
  @ApiProperty({ description: 'Addresses at the domain in it.' }) addresses!: number;
}

export class DomainBreachedAddressDto {
  @ApiProperty({ example: 'jane@example.com' }) email!: string;
  @ApiProperty({ type: [String], example: ['Adobe', 'LinkedIn'], description: "HIBP's names of the breaches it is in." }) breaches!: string[];
}

export class DomainBreachesDto extends PageInfoDto {
  @ApiProperty({ example: 'example.com' }) domain!: string;
  @ApiProperty({ type: DomainHibpDto }) hibp!: DomainHibpDto;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the list was searched; null before any search.' }) searchedAt!: string | null;
  @ApiProperty({ type: [DomainBreachDto], description: 'Every breach holding addresses of the domain, most addresses first.' }) breaches!: DomainBreachDto[];
  @ApiProperty({ type: [DomainBreachedAddressDto], description: 'This page of the breached addresses, in alphabetical order; total counts them all.' })
  addresses!: DomainBreachedAddressDto[];
}
