import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { BrokerRegistryService } from './organisations/broker-registry.service';
import { OrganisationCatalogueService } from './organisations/organisation-catalogue.service';
import { OrganisationCatalogueStateEntity, OrganisationEntity } from './organisations/organisation.entity';
import { OrganisationRepository } from './organisations/organisation.repository';
import { OrganisationsController } from './organisations/organisations.controller';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';
import { RightsRequestEntity } from './rights-request.entity';
import { RightsRequestRepository } from './rights-request.repository';
import { OrganisationCatalogueSource } from './sources/organisation-catalogue.source';

/**
 * Privacy-rights requests (issue 40): the organisation catalogue (datarequests.org and California's
 * data broker registry, fetched at run time), matching findings to organisations, and the person's requests tracked to the answer.
 */
@Module({
  imports: [TypeOrmModule.forFeature([OrganisationEntity, OrganisationCatalogueStateEntity, RightsRequestEntity]), AuthModule, MailModule],
  controllers: [OrganisationsController, RequestsController],
  providers: [OrganisationCatalogueSource, OrganisationRepository, OrganisationCatalogueService, BrokerRegistryService, RightsRequestRepository, RequestsService],
  exports: [OrganisationCatalogueService, BrokerRegistryService, RequestsService],
})
export class RequestsModule {}
