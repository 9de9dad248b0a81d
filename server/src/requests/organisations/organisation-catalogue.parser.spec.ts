import { catalogueArchive, generatedCompanies, SAMPLE_AUTHORITIES, SAMPLE_COMPANIES } from '../../../../test/fakes/datarequests';
import { isCatalogueRecordPath, parseCatalogueFiles } from './organisation-catalogue.parser';
import { matchFindings } from './organisation-match.rules';
import { readTarGz } from './tar-gz.reader';

const read = (archive: Buffer) => parseCatalogueFiles(readTarGz(archive, isCatalogueRecordPath, 64 * 1024 * 1024));

describe('organisation catalogue archive', () => {
  it('reads the company and authority records of a repository archive and nothing else', () => {
    const { organisations, dropped } = read(catalogueArchive(SAMPLE_COMPANIES, SAMPLE_AUTHORITIES));
    expect(dropped).toBe(0);
    expect(organisations.filter((o) => o.kind === 'company').map((o) => o.slug)).toEqual(SAMPLE_COMPANIES.map((c) => c.slug));
    expect(organisations.filter((o) => o.kind === 'authority').map((o) => o.slug)).toEqual(['gbico', 'debfdi']);
  });

  it('keeps the fields requests need, normalised, with the domains matching uses', () => {
    const { organisations } = read(catalogueArchive(SAMPLE_COMPANIES, []));
    const northwind = organisations.find((o) => o.slug === 'northwind-forum-de')!;
    expect(northwind).toMatchObject({
      name: 'Northwind Forum GmbH',
      email: 'datenschutz@northwindforum.example',
      countries: ['de'],
      transport: 'email',
      quality: 'tested',
      needsIdDocument: false,
      requiredElements: [
        { desc: 'Forum user name', type: 'input', optional: false },
        { desc: 'Date of birth', type: 'birthdate', optional: true },
      ],
    });
    expect(northwind.domains).toEqual(['northwindforum.example']);
    const google = organisations.find((o) => o.slug === 'google')!;
    expect(google.transport).toBe('webform');
    expect(google.email).toBeNull();
    expect(google.domains).toEqual(expect.arrayContaining(['google.com', 'google.example', 'google-analytics.com', 'doubleclick.net']));
    expect(organisations.find((o) => o.slug === 'meridian-data-brokers')!.needsIdDocument).toBe(true);
  });

  it('drops records that are no JSON or lack what the schema requires, and keeps the rest', () => {
    const broken = [{ slug: 'no-address', name: 'No Address Ltd.', 'relevant-countries': ['all'] }, { slug: 'no-name', address: 'Y', 'relevant-countries': ['all'] } as unknown as { slug: string; name: string }];
    const { organisations, dropped } = read(catalogueArchive([...SAMPLE_COMPANIES, ...broken], []));
    expect(dropped).toBe(2);
    expect(organisations).toHaveLength(SAMPLE_COMPANIES.length);
  });

  it('refuses a damaged archive and one that unpacks beyond the cap', () => {
    expect(() => readTarGz(Buffer.from('not gzip'), () => true, 1024)).toThrow();
    expect(() => readTarGz(catalogueArchive(generatedCompanies(50), []), () => true, 10_000)).toThrow();
  });

  it('matches breach domains and tracker companies, and says why others did not match', () => {
    const { organisations } = read(catalogueArchive(SAMPLE_COMPANIES, SAMPLE_AUTHORITIES));
    const companies = organisations.filter((o) => o.kind === 'company');
    const outcomes = matchFindings(
      [
        { label: 'Lantern Market breach', domains: ['LanternMarket.example'] },
        { label: 'Lantern Deals', domains: ['deals.lanternmarket.example'] },
        { label: 'DoubleClick', domains: ['stats.g.doubleclick.net'], company: 'Google' },
        { label: 'YouTube embed', domains: ['unknown-cdn.example'], company: 'YouTube' },
        { label: 'Meta Pixel', domains: ['connect.facebook.net'], company: 'Meta Platforms' },
        { label: 'Paste site', domains: [] },
      ],
      companies,
      companies,
    );
    expect(outcomes.map((o) => (o.matched ? `${o.by}:${o.organisation.slug}` : 'none'))).toEqual([
      'domain:lantern-market',
      'domain:lantern-market',
      'domain:google',
      'name:google',
      'none',
      'none',
    ]);
    expect(outcomes[4]).toMatchObject({ reason: 'No catalogue record has the domain facebook.net or a name starting with "Meta Platforms".' });
    expect(outcomes[5]).toMatchObject({ reason: 'The finding names no domain or company to look up.' });
  });
});
