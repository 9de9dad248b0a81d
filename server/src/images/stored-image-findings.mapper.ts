/** An image check's findings in the one stored shape (vocabulary/finding.types.ts StoredFinding). Pure. */
import type { StoredFinding } from '../vocabulary/finding.types';
import { IMAGE_LOCATION_CATEGORIES } from '../vocabulary/image-risk.catalogue';
import type { ExifFinding } from './exif-findings.analyzer';

/** An image check's findings: location categories count as location data, the rest as metadata. */
export function storedFindingsOfImage(findings: readonly ExifFinding[]): StoredFinding[] {
  return findings.map((f) => ({
    kind: 'image',
    type: f.category,
    group: IMAGE_LOCATION_CATEGORIES.has(f.category) ? 'locationData' : 'metadata',
    value: f.redactedValue,
    risk: f.severity,
    source: f.sources.join(', '),
    description: f.description,
    evidence: '',
  }));
}
