import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DownloadedListColumns } from '../../common/downloaded-list/downloaded-list.entity';
import type { OrganisationKind, OrganisationSource, RequiredElement, TransportMedium } from './organisation.types';

/** One organisation of the catalogue (public data, shared by every account; replaced by each refresh). */
@Entity({ name: 'organisations' })
export class OrganisationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_organisations' })
  kind!: OrganisationKind;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_organisations' })
  slug!: string;

  /** Which source's refresh replaces it. */
  @Column({ type: 'text', default: 'datarequests' })
  source!: OrganisationSource;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  web!: string | null;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  webform!: string | null;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'text', array: true })
  countries!: string[];

  @Column({ type: 'text', array: true })
  categories!: string[];

  @Column({ type: 'text', array: true })
  runs!: string[];

  @Column({ type: 'text', array: true })
  domains!: string[];

  @Column({ name: 'required_elements', type: 'jsonb' })
  requiredElements!: RequiredElement[];

  @Column({ name: 'needs_id_document', type: 'boolean' })
  needsIdDocument!: boolean;

  @Column({ type: 'text' })
  transport!: TransportMedium;

  @Column({ type: 'text' })
  quality!: string;

  @Column({ name: 'complaint_language', type: 'text', nullable: true })
  complaintLanguage!: string | null;

  /** Lower-case name, services run and domains: what the search reads. */
  @Column({ name: 'search_text', type: 'text' })
  searchText!: string;
}

/** One row per source (1: datarequests.org, 2: California's broker registry) saying where it came from and how its last refresh went. */
@Entity({ name: 'organisation_catalogue_state' })
export class OrganisationCatalogueStateEntity extends DownloadedListColumns {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_organisation_catalogue_state' })
  id!: number;

  @Column({ name: 'company_count', type: 'integer', default: 0 })
  companyCount!: number;

  @Column({ name: 'authority_count', type: 'integer', default: 0 })
  authorityCount!: number;
}
