import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SiteInfoDto } from './site-info.dto';
import { SiteService } from './site.service';

@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get()
  @ApiOkResponse({ type: SiteInfoDto, description: 'Public facts the pages show, such as the contact address.' })
  getSiteInfo(): SiteInfoDto {
    return this.site.getSiteInfo();
  }
}
