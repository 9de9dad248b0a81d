import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../../common/database/advisory-lock-keys.catalogue';
import { SingleRowListRepository } from '../../common/downloaded-list/single-row-list.repository';
import { TrackerListEntity } from './tracker-list.entity';
import type { ListedTracker } from './tracker-list.parser';

/** What a refresh stores of a fetched list, beside its URL and ETag. */
export interface StoredTrackerList {
  trackers: ListedTracker[];
  dropped: number;
}

/** The tracker_list table: the tracker list cache's only TypeORM code. */
@Injectable()
export class TrackerListRepository extends SingleRowListRepository<TrackerListEntity, StoredTrackerList> {
  constructor(@InjectRepository(TrackerListEntity) rows: Repository<TrackerListEntity>, @InjectDataSource() dataSource: DataSource) {
    super(TrackerListEntity, rows, dataSource, ADVISORY_LOCK_KEYS.trackerListRefresh, 'trackers');
  }
}
