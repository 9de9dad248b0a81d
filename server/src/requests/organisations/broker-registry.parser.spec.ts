import { registryCsv, SAMPLE_BROKERS } from '../../../../test/fakes/ca-broker-registry';
import { normaliseHeader, parseBrokerRegistry } from './broker-registry.parser';

describe('parseBrokerRegistry', () => {
  it("reads the CPPA's layout: notes above the header, odd header spacing, quoted commas and line breaks", () => {
    const { organisations, dropped } = parseBrokerRegistry(registryCsv(SAMPLE_BROKERS));
    expect(dropped).toBe(1);
    expect(organisations.map((o) => o.slug)).toEqual(['ca-broker-quillfeather-people-search-inc', 'ca-broker-meridian-data-brokers-inc', 'ca-broker-ashgrove-audience-labs-llc']);
    expect(organisations[0]).toEqual({
      kind: 'company',
      source: 'ca_broker_registry',
      slug: 'ca-broker-quillfeather-people-search-inc',
      name: 'Quillfeather People Search, Inc.',
      web: 'https://www.quillfeather.example/',
      email: 'privacy@quillfeather.example',
      webform: 'https://www.quillfeather.example/ccpa',
      address: '10 Mission Street, Suite 5\nSan Francisco, CA 94105\nUnited States',
      countries: ['us'],
      categories: ['data broker'],
      runs: ['QuillSearch'],
      domains: ['quillfeather.example'],
      requiredElements: [],
      needsIdDocument: false,
      transport: 'email',
      quality: 'imported',
      complaintLanguage: null,
    });
    // No email: the rights page is the way in; a line break inside a field becomes a space.
    expect(organisations[2]).toMatchObject({ email: null, webform: 'https://ashgrove.example/privacy-requests', transport: 'webform', address: '5 Elm Road Floor 2\nAustin, TX 73301\nUnited States' });
  });

  it('keeps two brokers of the same name apart, and refuses a file with no broker header', () => {
    const twice = parseBrokerRegistry(registryCsv([SAMPLE_BROKERS[1], { ...SAMPLE_BROKERS[1], email: 'other@meridiandata.example' }]));
    expect(twice.organisations.map((o) => o.slug)).toEqual(['ca-broker-meridian-data-brokers-inc', 'ca-broker-meridian-data-brokers-inc-2']);
    expect(() => parseBrokerRegistry('<!doctype html><p>Moved</p>')).toThrow('no header row names the data broker');
  });

  it('reads the 2024 headings too', () => {
    const csv = 'Business name,Business primary website,Business primary contact email address\nOld Year LLC,oldyear.example,privacy@oldyear.example\n';
    expect(parseBrokerRegistry(csv).organisations[0]).toMatchObject({ name: 'Old Year LLC', web: 'https://oldyear.example/', email: 'privacy@oldyear.example' });
    expect(normaliseHeader('\uFEFFData broker\u00a0 name :')).toBe('data broker name');
  });
});
