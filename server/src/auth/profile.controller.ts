import { Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserDto } from './auth.dto';
import { Authenticated } from './bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from './current-user.decorator';
import { ProfileService } from './profile.service';

@ApiTags('auth')
@Controller('auth')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get('profile')
  @Authenticated()
  @ApiOperation({
    summary: 'The signed-in user',
    description: 'Who the credential belongs to: id, email, display name, whether the address is verified, and the plan.',
  })
  @ApiOkResponse({ type: UserDto })
  getProfile(@CurrentUser() user: AuthenticatedUser): Promise<UserDto> {
    return this.profiles.profile(user.userId);
  }

  @Post('profile/onboarding')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary: 'Record that the first-time tour is finished or skipped',
    description: 'Stored per user, so the tour does not show again in another browser. Repeating it changes nothing.',
  })
  @ApiOkResponse({ type: UserDto, description: 'The profile, with onboardingCompleted true.' })
  completeOnboarding(@CurrentUser() user: AuthenticatedUser): Promise<UserDto> {
    return this.profiles.completeOnboarding(user.userId);
  }
}
