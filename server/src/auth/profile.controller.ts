import { Controller, Get } from '@nestjs/common';
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
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserDto })
  getProfile(@CurrentUser() user: AuthenticatedUser): Promise<UserDto> {
    return this.profiles.profile(user.userId);
  }
}
