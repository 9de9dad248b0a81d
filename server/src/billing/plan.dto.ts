import { ApiProperty } from '@nestjs/swagger';
import { Plan, PLAN_TIERS, PlanTier } from '../vocabulary/plan.catalogue';

export class PlanDto implements Plan {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  tier!: PlanTier;

  @ApiProperty({ example: 'Plus' })
  name!: string;

  @ApiProperty({ description: 'Monthly price in US cents.', example: 999 })
  priceCents!: number;

  @ApiProperty({ description: 'Privacy scans allowed per calendar month.', example: 25 })
  monthlyScans!: number;

  @ApiProperty({ description: 'Active monitors allowed at once, of every kind together (emails and handles, websites, email domains).', example: 1 })
  monitors!: number;

  @ApiProperty({ description: "Whether monitors may watch a whole email domain (its breached addresses, through Have I Been Pwned's domain search)." })
  domainWatch!: boolean;

  @ApiProperty({ description: 'Whether PDF reports are included.' })
  reports!: boolean;

  @ApiProperty({ description: 'Privacy-rights requests that may be drafted and tracked per calendar month.', example: 15 })
  monthlyRequests!: number;

  @ApiProperty({ description: "Marked 'Most Popular' on the pricing page." })
  mostPopular!: boolean;

  @ApiProperty({ type: [String] })
  features!: string[];

  static from(plan: Plan): PlanDto {
    return { ...plan, features: [...plan.features] };
  }
}

export class PlanListDto {
  @ApiProperty({ type: [PlanDto] })
  plans!: PlanDto[];
}
