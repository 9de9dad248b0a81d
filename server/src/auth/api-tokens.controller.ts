import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({ summary: 'Create a personal API token', description: 'The token is in this answer only; it cannot be shown again.' })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'The account has the most active tokens allowed (25).' })
  createApiToken(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.apiTokens.create(user.userId, dto.name);
  }

  @Get()
  @Authenticated()
  @ApiOperation({ summary: "The account's active API tokens (without the tokens themselves)" })
  @ApiOkResponse({ type: ApiTokenListDto })
  async listApiTokens(@CurrentUser() user: AuthenticatedUser): Promise<ApiTokenListDto> {
    return { tokens: await this.apiTokens.list(user.userId) };
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated({ sessionOnly: true })
  @ApiOperation({ summary: 'Revoke an API token' })
  @ApiNoContentResponse({ description: 'Revoked: it no longer authenticates.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "No active token with this id among the user's own." })
  async revokeApiToken(@CurrentUser() user: AuthenticatedUser, @Param('id', tokenIdPipe()) id: string): Promise<void> {
    await this.apiTokens.revoke(user.userId, id);
  }
}
