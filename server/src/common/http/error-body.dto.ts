import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Every error the API returns has this shape; `error` is the message to show a person. */
export class ErrorBodyDto {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Please enter a handle, URL, or email address' })
  error!: string;

  @ApiPropertyOptional({ type: [String], description: 'Every validation message, when there are several.' })
  details?: string[];

  @ApiProperty({ description: 'The X-Request-Id of the request, for support.' })
  requestId!: string;
}
