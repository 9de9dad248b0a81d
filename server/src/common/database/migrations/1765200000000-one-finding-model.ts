import { MigrationInterface, QueryRunner } from 'typeorm';

/** The severities a stored finding may carry (vocabulary/risk.types.ts). */
const LEVELS = `('low', 'medium', 'high', 'critical')`;
/** `value` as a JSON array, or an empty one. */
const arrayOr = (value: string) => `CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END`;
/** A detail's evidence sentence: what the finding means (stored-findings.mapper.ts). */
const descriptionOf = (detail: string) => `COALESCE(${detail} -> 'evidence' ->> 'summary', '')`;
/** What a detail's evidence observed, cut at 600 characters (stored-findings.mapper.ts OBSERVED_MAX). */
const observedOf = (detail: string) => `CASE
    WHEN length(COALESCE(${detail} -> 'evidence' ->> 'observed', '')) > 600 THEN left(${detail} -> 'evidence' ->> 'observed', 599) || '…'
    ELSE COALESCE(${detail} -> 'evidence' ->> 'observed', '') END`;

/**
 * One finding model (vocabulary/finding.types.ts StoredFinding): every completed scan gets its
 * findings as one flat list with severity on one scale, made from the result it stored, the way
 * server/src/scans/stored-findings.mapper.ts makes them for new scans. Image checks keep their 0-100 risk
 * score inside their result only: outside the image widget they show a risk level (the score's band:
 * 70 and above high, 40 and above medium, else low), and `score` holds privacy scores alone.
 *
 * Its timestamp puts it after every migration of the releases before it, on a fresh database and
 * on one upgraded from them alike, so it converts every row those versions wrote: privacy results
 * with or without their coverage, image checks scored by their risk.
 */
export class OneFindingModel1765200000000 implements MigrationInterface {
  name = 'OneFindingModel1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scans" ADD "risk_level" text`);
    await queryRunner.query(`ALTER TABLE "scans" ADD "findings" jsonb`);

    // Privacy scans: each breach and risk detail of the five groups, in the order the result lists them.
    await queryRunner.query(`
      UPDATE "scans" s SET "findings" = COALESCE((
        SELECT jsonb_agg(x.f ORDER BY g.ord, d.ord)
          FROM (VALUES ('breaches', 1), ('personalInfo', 2), ('locationData', 3), ('metadata', 4), ('socialMedia', 5)) AS g(name, ord)
          CROSS JOIN LATERAL jsonb_array_elements(${arrayOr(`s.result -> g.name -> 'details'`)}) WITH ORDINALITY AS d(detail, ord)
          CROSS JOIN LATERAL (SELECT CASE d.detail ->> 'kind'
            WHEN 'breach' THEN jsonb_build_object(
              'kind', 'breach', 'type', 'breach', 'group', g.name,
              'value', COALESCE(NULLIF(d.detail ->> 'title', ''), d.detail ->> 'name', '') || ' (' || COALESCE(d.detail ->> 'breachDate', '') || ')',
              'risk', d.detail ->> 'risk',
              'source', COALESCE(d.detail ->> 'source', ''),
              'description', ${descriptionOf('d.detail')},
              'evidence', ${observedOf('d.detail')},
              'breach', jsonb_build_object(
                'name', COALESCE(d.detail ->> 'name', ''),
                'title', COALESCE(d.detail ->> 'title', ''),
                'breachDate', COALESCE(d.detail ->> 'breachDate', ''),
                'pwnCount', CASE WHEN jsonb_typeof(d.detail -> 'pwnCount') = 'number' THEN d.detail -> 'pwnCount' ELSE '0'::jsonb END,
                'dataClasses', ${arrayOr(`d.detail -> 'dataClasses'`)},
                -- Results stored before a second breach source joined came from HIBP alone.
                'sources', CASE WHEN jsonb_typeof(d.detail -> 'sources') = 'array' AND jsonb_array_length(d.detail -> 'sources') > 0
                  THEN d.detail -> 'sources' ELSE '["hibp"]'::jsonb END))
            WHEN 'risk' THEN jsonb_build_object(
              'kind', 'risk', 'type', d.detail ->> 'type', 'group', g.name,
              'value', COALESCE(d.detail ->> 'value', ''),
              'risk', d.detail ->> 'risk',
              'source', COALESCE(d.detail ->> 'source', ''),
              'description', ${descriptionOf('d.detail')},
              'evidence', ${observedOf('d.detail')})
            END AS f) x
         WHERE x.f IS NOT NULL AND d.detail ->> 'risk' IN ${LEVELS}
      ), '[]'::jsonb)
      WHERE s.scan_type = 'privacy' AND s.status = 'completed' AND s.result IS NOT NULL`);

    // Image checks: each finding, location categories as location data, the rest as metadata.
    await queryRunner.query(`
      UPDATE "scans" s SET "findings" = COALESCE((
        SELECT jsonb_agg(jsonb_build_object(
                 'kind', 'image', 'type', d.f ->> 'category',
                 'group', CASE WHEN d.f ->> 'category' IN ('location', 'place_names') THEN 'locationData' ELSE 'metadata' END,
                 'value', COALESCE(d.f ->> 'redactedValue', ''),
                 'risk', d.f ->> 'severity',
                 'source', COALESCE((SELECT string_agg(src.v, ', ' ORDER BY src.o) FROM jsonb_array_elements_text(${arrayOr(`d.f -> 'sources'`)}) WITH ORDINALITY AS src(v, o)), ''),
                 'description', COALESCE(d.f ->> 'description', ''),
                 'evidence', '') ORDER BY d.ord)
          FROM jsonb_array_elements(${arrayOr(`s.result -> 'findings'`)}) WITH ORDINALITY AS d(f, ord)
         WHERE d.f ->> 'severity' IN ${LEVELS} AND jsonb_typeof(d.f -> 'category') = 'string'
      ), '[]'::jsonb)
      WHERE s.scan_type = 'image' AND s.status = 'completed' AND s.result IS NOT NULL`);
    await queryRunner.query(`
      UPDATE "scans" SET
        "risk_level" = CASE WHEN "score" >= 70 THEN 'high' WHEN "score" >= 40 THEN 'medium' ELSE 'low' END,
        "score" = NULL
      WHERE "scan_type" = 'image' AND "score" IS NOT NULL`);
    await queryRunner.query(`
      UPDATE "scans" SET "finding_counts" = jsonb_build_object(
          'breaches', 0, 'personalInfo', 0, 'socialMedia', 0,
          'locationData', (SELECT count(*) FROM jsonb_array_elements("findings") e WHERE e ->> 'group' = 'locationData'),
          'metadata', (SELECT count(*) FROM jsonb_array_elements("findings") e WHERE e ->> 'group' = 'metadata'))
      WHERE "scan_type" = 'image' AND "findings" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The image's risk score is still in its result.
    await queryRunner.query(`
      UPDATE "scans" SET "score" = ("result" ->> 'riskScore')::integer,
        "finding_counts" = jsonb_build_object('breaches', 0, 'personalInfo', 0, 'locationData', 0, 'socialMedia', 0,
          'metadata', jsonb_array_length(${arrayOr(`"result" -> 'findings'`)}))
      WHERE "scan_type" = 'image' AND "status" = 'completed' AND jsonb_typeof("result" -> 'riskScore') = 'number'`);
    await queryRunner.query(`ALTER TABLE "scans" DROP COLUMN "findings"`);
    await queryRunner.query(`ALTER TABLE "scans" DROP COLUMN "risk_level"`);
  }
}
