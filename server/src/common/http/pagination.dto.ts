import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The most items one page may hold, on every list. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `?page=&pageSize=` of every list of the API. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, example: 1, description: 'The page, from 1.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @Max(100_000, { message: 'page must be a whole number from 1' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, example: DEFAULT_PAGE_SIZE, description: 'Items per page.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Min(1, { message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Max(MAX_PAGE_SIZE, { message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  pageSize?: number;
}

/** The page of a list answer: what was asked, and how many items there are in all. */
export class PageInfoDto {
  @ApiProperty({ description: 'Items in the whole list, over every page.', example: 42 })
  total!: number;

  @ApiProperty({ description: 'This page, from 1.', example: 1 })
  page!: number;

  @ApiProperty({ description: 'Items per page asked for (the last page may hold fewer).', example: DEFAULT_PAGE_SIZE })
  pageSize!: number;
}

/** page and pageSize with their defaults applied. */
export function pageOf(query: PageQueryDto): { page: number; pageSize: number; offset: number } {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
