import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class AbTestVariantDto {
  @ApiProperty({ example: 'B', description: 'The variant to show (pricing_test: A, B or C).' })
  variant!: string;
}

export class AbTestChoiceDto {
  @ApiProperty({ example: 'C', description: 'The variant the client chose itself (after a failed GET) and showed.' })
  @Matches(/^[A-Za-z0-9_-]{1,16}$/, { message: 'variant must be one of the test\'s variants' })
  variant!: string;
}

/** A variant as the account export lists it. */
export class ExportedAbTestDto {
  @ApiProperty({ example: 'pricing_test' })
  testName!: string;

  @ApiProperty({ example: 'B' })
  variant!: string;

  @ApiProperty({ format: 'date-time' })
  assignedAt!: string;
}
