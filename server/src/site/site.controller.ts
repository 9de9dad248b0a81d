import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SiteInfoDto } from './site-info.dto';
import { SiteService } from './site.service';

@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get()
  @ApiOperation({
    summary: 'Public facts about this server',
    description: 'The contact address, the version, and the outside services this server uses: what the site\'s pages show. Public; the same for everyone.',
  })
  @ApiOkResponse({ type: SiteInfoDto, description: 'Public facts the pages show, such as the contact address.' })
  getSiteInfo(): SiteInfoDto {
    return this.site.getSiteInfo();
  }
}
