import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../../common/database/advisory-lock-keys.catalogue';
import { SingleRowListRepository } from '../../common/downloaded-list/single-row-list.repository';
import { UsernameSiteListEntity } from './username-site-list.entity';
import type { UsernameSite } from './username-site.types';

/** What a refresh stores of a fetched list, beside its URL and ETag. */
export interface StoredSiteList {
  raw: string;
  sites: UsernameSite[];
  dropped: number;
}

/** The username_site_list table: the site list cache's only TypeORM code. */
@Injectable()
export class UsernameSiteListRepository extends SingleRowListRepository<UsernameSiteListEntity, StoredSiteList> {
  constructor(@InjectRepository(UsernameSiteListEntity) rows: Repository<UsernameSiteListEntity>, @InjectDataSource() dataSource: DataSource) {
    super(UsernameSiteListEntity, rows, dataSource, ADVISORY_LOCK_KEYS.usernameSiteListRefresh, 'sites');
  }
}
