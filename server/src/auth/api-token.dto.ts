import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageInfoDto } from '../common/http/pagination.dto';
import { API_TOKEN_SCOPES, ApiTokenEntity, ApiTokenScope } from './api-token.entity';

/** The longest expiry a token may be given; without one it never expires. */
export const MAX_API_TOKEN_DAYS = 365;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please enter a name for the token',
  nameTooLong: 'The token name must be at most 100 characters',
  tooMany: 'You have reached the limit of 25 active API tokens. Revoke one to create another.',
  notFound: 'API token not found',
  badScope: "scope must be 'read-write' or 'read-only'",
  badExpiry: `expiresInDays must be a whole number from 1 to ${MAX_API_TOKEN_DAYS}`,
  expired: 'This API token has expired. Create a new one on your account page.',
  readOnly: 'This API token is read-only: it can only be used to read (GET requests).',
} as const;

export class CreateApiTokenDto {
  @ApiProperty({ example: 'Nightly export script', maxLength: 100 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100, { message: API_TOKEN_MESSAGES.nameTooLong })
  @IsString({ message: API_TOKEN_MESSAGES.nameRequired })
  @IsNotEmpty({ message: API_TOKEN_MESSAGES.nameRequired })
  name!: string;

  @ApiPropertyOptional({
    enum: API_TOKEN_SCOPES,
    default: 'read-write',
    example: 'read-only',
    description: "'read-only': the token may only make GET requests (anything else answers 403). 'read-write': whatever the account may do, except account management.",
  })
  @IsOptional()
  @IsIn(API_TOKEN_SCOPES, { message: API_TOKEN_MESSAGES.badScope })
  scope?: ApiTokenScope;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: MAX_API_TOKEN_DAYS,
    example: 90,
    description: 'Days until the token expires (then it answers 401). Left out or null: it never expires.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: API_TOKEN_MESSAGES.badExpiry })
  @Min(1, { message: API_TOKEN_MESSAGES.badExpiry })
  @Max(MAX_API_TOKEN_DAYS, { message: API_TOKEN_MESSAGES.badExpiry })
  expiresInDays?: number | null;
}

export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Nightly export script' })
  name!: string;

  @ApiProperty({ description: 'The start of the token (fp_<prefix>_…), to tell tokens apart.', example: 'a1b2c3d4' })
  prefix!: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, example: 'read-only', description: "'read-only' tokens may only make GET requests." })
  scope!: ApiTokenScope;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the token stops working; null: never.' })
  expiresAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Updated at most once a minute.' })
  lastUsedAt!: string | null;

  static from(token: ApiTokenEntity): ApiTokenDto {
    return {
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      scope: token.scope,
      createdAt: token.createdAt.toISOString(),
      expiresAt: token.expiresAt?.toISOString() ?? null,
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    };
  }
}

export class CreatedApiTokenDto extends ApiTokenDto {
  @ApiProperty({
    description: 'The token itself, shown only this once: send it as `Authorization: Bearer <token>`.',
    example: 'fp_a1b2c3d4_3q2-7wXz…',
  })
  token!: string;
}

export class ApiTokenListDto extends PageInfoDto {
  @ApiProperty({ type: [ApiTokenDto], description: 'This page of the active tokens, newest first.' })
  tokens!: ApiTokenDto[];
}
