import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/** What the page's error boundary tells the server when a page fails to render (no personal data). */
export class ClientErrorReportDto {
  @ApiProperty({ description: "The page's path, without query string or fragment.", example: '/dashboard', maxLength: 300 })
  @IsString()
  @MaxLength(300)
  @Matches(/^\/[^?#]*$/, { message: 'path must be a path starting with /, without query string or fragment' })
  path!: string;

  @ApiProperty({ description: "The error's name.", example: 'TypeError', maxLength: 100 })
  @IsString()
  @MaxLength(100)
  name!: string;

  @ApiProperty({
    description: "The error's message; email addresses, URLs and @handles in it are masked before it is logged.",
    example: "Cannot read properties of undefined (reading 'score')",
    maxLength: 500,
  })
  @IsString()
  @MaxLength(500)
  message!: string;
}

export class ClientErrorReceiptDto {
  @ApiProperty({ description: 'The id the report was logged under: the one to quote when asking for help.', example: '9f1c2b7e-4d1a-4c55-9c1e-2f7d8c3a6b10' })
  requestId!: string;
}
