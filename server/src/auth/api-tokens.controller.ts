import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { PageQueryDto } from '../common/http/pagination.dto';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { API_TOKEN_MESSAGES, ApiTokenListDto, CreateApiTokenDto, CreatedApiTokenDto } from './api-token.dto';
import { ApiTokensService } from './api-tokens.service';
import { Authenticated } from './bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from './current-user.decorator';

/** A malformed id cannot name one of the user's tokens: 404 like any unknown id. */
function tokenIdPipe() {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(API_TOKEN_MESSAGES.notFound) });
}

@ApiTags('auth')
@Controller('auth/tokens')
export class ApiTokensController {
  constructor(private readonly apiTokens: ApiTokensService) {}

  @Post()
  @Authenticated({ sessionOnly: true })
  @ApiOperation({
    summary: 'Create a personal API token',
    description:
      "The token is in this answer only; it cannot be shown again. Optionally read-only (`scope: 'read-only'`: GET requests only) " +
      'and expiring after `expiresInDays` (1 to 365). Needs a signed-in session: an API token cannot make tokens.',
  })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A missing or too long name, an unknown scope or an expiry out of range.' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'The account has the most active tokens allowed (25).' })
  createApiToken(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.apiTokens.create(user.userId, dto);
  }

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The account's active API tokens (without the tokens themselves)",
    description: 'Newest first, paginated. Each with its prefix (to tell them apart), scope, expiry and when it was last used. Revoked and expired tokens are not listed.',
  })
  @ApiOkResponse({ type: ApiTokenListDto })
  listApiTokens(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto): Promise<ApiTokenListDto> {
    return this.apiTokens.list(user.userId, query);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated({ sessionOnly: true })
  @ApiOperation({ summary: 'Revoke an API token', description: 'It stops authenticating at once. Another user\'s token, or an unknown id, answers 404.' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The token\'s id (from the list).' })
  @ApiNoContentResponse({ description: 'Revoked: it no longer authenticates.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "No active token with this id among the user's own." })
  async revokeApiToken(@CurrentUser() user: AuthenticatedUser, @Param('id', tokenIdPipe()) id: string): Promise<void> {
    await this.apiTokens.revoke(user.userId, id);
  }
}
