import { parseOrganisationRecord } from './organisation-record.parser';
import type { Organisation, OrganisationKind } from './organisation.types';
import type { TarFile } from './tar-gz.reader';

/** The archive's folders we read, and what their records are (the repository's layout). */
const FOLDERS: Record<string, OrganisationKind> = { companies: 'company', 'supervisory-authorities': 'authority' };
/** `<archive root>/<folder>/<slug>.json`: records one level below the archive's root folder. */
const RECORD_PATH = /^[^/]+\/([a-z-]+)\/[a-z0-9-]+\.json$/;

export interface ParsedCatalogue {
  organisations: Organisation[];
  /** Records that were no JSON or lacked what the schema requires. */
  dropped: number;
}

/** Whether a path in the archive is one of the records we read. */
export function isCatalogueRecordPath(path: string): boolean {
  const match = RECORD_PATH.exec(path);
  return match !== null && match[1] in FOLDERS;
}

/** The organisations of the repository archive's record files (see isCatalogueRecordPath). */
export function parseCatalogueFiles(files: readonly TarFile[]): ParsedCatalogue {
  const organisations = new Map<string, Organisation>();
  let dropped = 0;
  for (const file of files) {
    const match = RECORD_PATH.exec(file.path);
    const kind = match ? FOLDERS[match[1]] : undefined;
    if (!kind) continue;
    let document: unknown;
    try {
      document = JSON.parse(file.content.toString('utf8'));
    } catch {
      dropped++;
      continue;
    }
    const organisation = parseOrganisationRecord(document, kind);
    const key = organisation && `${organisation.kind}:${organisation.slug}`;
    if (!organisation || !key || organisations.has(key)) {
      dropped++;
      continue;
    }
    organisations.set(key, organisation);
  }
  return { organisations: [...organisations.values()], dropped };
}
