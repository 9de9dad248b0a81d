import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ClientIp } from '../../auth/current-user.decorator';
import { ErrorBodyDto } from '../../common/http/error-body.dto';
import { RATE_LIMIT_MESSAGE } from '../sources/source-http.util';
import { INVALID_PREFIX_MESSAGE, PASSWORD_CHECK_FAILED_MESSAGE, PASSWORD_CHECK_OFF_MESSAGE, PasswordRangeService } from './password-range.service';

/** Errors answer JSON even though the route produces text/plain (ApiProduces would label them text). */
const JSON_ERROR = { content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBodyDto) } } } };
const RANGE_EXAMPLE = '0018A45C4D1DEF81644B54AB7F969B88D65:0\r\n00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2\r\n011053FD0102E94D6AE2F8B83D76FAF94F6:0';

@ApiTags('passwords')
@Controller('passwords')
export class PasswordsController {
  constructor(private readonly ranges: PasswordRangeService) {}

  @Get('range/:prefix')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Password exposure check: the breached-password hashes sharing a 5-character SHA-1 prefix',
    description:
      'k-anonymity: the browser hashes the password with SHA-1 and sends only the first 5 hex characters. ' +
      'The answer is the Pwned Passwords range for that prefix, one `SUFFIX:COUNT` line per hash (the other 35 ' +
      'characters, upper case, and how often that password appeared in breaches), padded with lines whose ' +
      'count is 0: ignore those. Compare the remaining 35 characters of your hash locally. Nothing is stored or logged. ' +
      'No sign-in needed; rate-limited per IP address.',
  })
  @ApiParam({
    name: 'prefix',
    description: 'The first 5 hexadecimal characters of the password’s SHA-1 (either case).',
    schema: { type: 'string', pattern: '^[0-9A-Fa-f]{5}$', example: '21BD1' },
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: '`SUFFIX:COUNT` lines separated by CRLF, padding lines (count 0) included.',
    schema: { type: 'string', example: RANGE_EXAMPLE },
  })
  @ApiBadRequestResponse({ ...JSON_ERROR, description: `'${INVALID_PREFIX_MESSAGE}': not exactly 5 hexadecimal characters.` })
  @ApiTooManyRequestsResponse({
    ...JSON_ERROR,
    description: `'${RATE_LIMIT_MESSAGE}': too many checks from this address, or the range service is rate limiting us.`,
    headers: { 'Retry-After': { description: 'Seconds until another attempt is allowed.', schema: { type: 'integer' } } },
  })
  @ApiBadGatewayResponse({ ...JSON_ERROR, description: `'${PASSWORD_CHECK_FAILED_MESSAGE}': the range service failed or could not be reached.` })
  @ApiGatewayTimeoutResponse({ ...JSON_ERROR, description: `'${PASSWORD_CHECK_FAILED_MESSAGE}': the range service did not answer in time.` })
  @ApiServiceUnavailableResponse({ ...JSON_ERROR, description: `'${PASSWORD_CHECK_OFF_MESSAGE}': the operator turned Pwned Passwords off (PWNED_PASSWORDS_ENABLED=false).` })
  async getPasswordRange(
    @Param('prefix') prefix: string,
    @ClientIp() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const body = await this.ranges.range(prefix, ip);
    res.type('text/plain; charset=utf-8');
    return body;
  }
}
