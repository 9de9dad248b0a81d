import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorBodyDto } from '../../common/http/error-body.dto';
import { OrganisationCatalogueService } from './organisation-catalogue.service';
import { type CatalogueCreditDto, OrganisationListDto, OrganisationMatchDto, OrganisationMatchListDto, OrganisationMatchQueryDto, OrganisationSearchQueryDto } from './organisation.dto';
import { CATALOGUE_CREDIT } from './organisation.types';

/** The organisation catalogue is public data (CC0): anyone may search it. */
@ApiTags('organisations')
@Controller('organisations')
export class OrganisationsController {
  constructor(private readonly catalogue: OrganisationCatalogueService) {}

  private async credit(): Promise<CatalogueCreditDto> {
    const state = await this.catalogue.state();
    return { ...CATALOGUE_CREDIT, fetchedAt: state.fetchedAt?.toISOString() ?? null, companies: state.companies };
  }

  @Get()
  @ApiOperation({
    summary: 'Search the organisation catalogue by name or domain',
    description: 'Companies (or, with kind=authority, supervisory authorities) whose name, services or domains contain the query; at most 20, exact domains and name prefixes first. Source: the datarequests.org company database (CC0 1.0).',
  })
  @ApiOkResponse({ type: OrganisationListDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'query must be 2 to 100 characters'" })
  async searchOrganisations(@Query() query: OrganisationSearchQueryDto): Promise<OrganisationListDto> {
    const [organisations, source] = await Promise.all([this.catalogue.search(query.query, query.kind), this.credit()]);
    return { organisations, source };
  }

  @Get('matches')
  @ApiOperation({
    summary: "Match findings to the organisations behind them",
    description: "Per finding (label[i], domains[i] space-separated, company[i]): the catalogue's company by registrable domain, else by the company's name, or why none matched.",
  })
  @ApiOkResponse({ type: OrganisationMatchListDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'More than 100 findings, or a label, domain list or company too long.' })
  async matchOrganisations(@Query() query: OrganisationMatchQueryDto): Promise<OrganisationMatchListDto> {
    const queries = query.label.map((label, i) => ({
      label,
      domains: (query.domains?.[i] ?? '').split(/\s+/).filter(Boolean).slice(0, 20),
      company: query.company?.[i] || undefined,
    }));
    const [matches, source] = await Promise.all([this.catalogue.match(queries), this.credit()]);
    return { matches: matches.map(OrganisationMatchDto.from), source };
  }
}
