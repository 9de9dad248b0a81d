import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PageInfoDto } from '../common/http/pagination.dto';
import { ApiTokenEntity } from './api-token.entity';

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please enter a name for the token',
  nameTooLong: 'The token name must be at most 100 characters',
  tooMany: 'You have reached the limit of 25 active API tokens. Revoke one to create another.',
  notFound: 'API token not found',
} as const;

export class CreateApiTokenDto {
  @ApiProperty({ example: 'Nightly export script', maxLength: 100 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100, { message: API_TOKEN_MESSAGES.nameTooLong })
  @IsString({ message: API_TOKEN_MESSAGES.nameRequired })
  @IsNotEmpty({ message: API_TOKEN_MESSAGES.nameRequired })
  name!: string;
}

export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Nightly export script' })
  name!: string;

  @ApiProperty({ description: 'The start of the token (fp_<prefix>_…), to tell tokens apart.', example: 'a1b2c3d4' })
  prefix!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Updated at most once a minute.' })
  lastUsedAt!: string | null;

  static from(token: ApiTokenEntity): ApiTokenDto {
    return {
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      createdAt: token.createdAt.toISOString(),
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
