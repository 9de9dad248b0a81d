import { deadlineFor } from './request-deadline.rules';
import { draftComplaint, draftFollowUp, draftLetter, idDocumentAdvice, legalBasis, type LetterInput } from './request-letter.rules';
import { JURISDICTIONS, type Jurisdiction, REQUEST_KINDS, type RequestKind } from './request.types';

const input = (jurisdiction: Jurisdiction, kind: RequestKind, over: Partial<LetterInput> = {}): LetterInput => ({
  kind,
  jurisdiction,
  organisationName: 'Lantern Market Ltd.',
  identity: { name: 'Jane Doe', email: 'jane@example.org', extra: [] },
  needsIdDocument: false,
  context: null,
  deadline: deadlineFor(jurisdiction, kind, '2026-01-31'),
  ...over,
});

describe('request letters', () => {
  it.each([
    ['access', 'Article 15 GDPR', ['Article 15(3)', 'Article 15(1)(g)']],
    ['erasure', 'Article 17 GDPR', ['Article 19 GDPR', 'Article 7(3) GDPR']],
    ['objection_marketing', 'Article 21(2) and (3) GDPR', ['direct marketing', 'Article 21(3)']],
    ['opt_out_sale', 'Article 21(2) GDPR', ['third parties', 'Article 7(3) GDPR']],
  ] as const)('GDPR %s cites %s', (kind, basis, phrases) => {
    const letter = draftLetter(input('gdpr', kind));
    expect(letter.basis).toContain(basis);
    for (const phrase of phrases) expect(letter.body).toContain(phrase);
    expect(letter.body).toContain('Please answer by 28 February 2026: one month, extendable by two further months (Article 12(3) GDPR).');
    expect(letter.body).not.toMatch(/California|UK GDPR/);
  });

  it('UK GDPR letters name the UK GDPR, never the EU regulation alone', () => {
    const letter = draftLetter(input('uk_gdpr', 'access'));
    expect(letter.subject).toContain('Article 15 UK GDPR');
    expect(letter.body.match(/GDPR/g)?.length).toBe(letter.body.match(/UK GDPR/g)?.length);
  });

  it.each([
    ['access', '§§ 1798.110 and 1798.115', '16 March 2026'],
    ['erasure', '§ 1798.105', '16 March 2026'],
    ['opt_out_sale', '§ 1798.120', '20 February 2026'],
  ] as const)('CCPA %s cites %s and its deadline', (kind, section, due) => {
    const letter = draftLetter({ ...input('ccpa', kind), deadline: deadlineFor('ccpa', kind, '2026-01-30') });
    expect(letter.basis).toContain(section);
    expect(letter.body).toContain('I am a California resident.');
    expect(letter.body).toContain(`Please answer by ${due}`);
    expect(letter.body).not.toContain('Article');
  });

  it('the CCPA has no right to object to marketing: a plain request that says so', () => {
    const letter = draftLetter(input('ccpa', 'objection_marketing'));
    expect(letter.basis).toBeNull();
    expect(letter.body).toContain('gives no right to object to marketing');
  });

  it('a plain request cites no law in any jurisdiction', () => {
    for (const jurisdiction of JURISDICTIONS) {
      const letter = draftLetter(input(jurisdiction, 'plain'));
      expect(letter.basis).toBeNull();
      expect(letter.body).not.toMatch(/Article|§/);
    }
    for (const kind of REQUEST_KINDS) expect(legalBasis('other', kind)).toBeNull();
  });

  it('asks only for the identification given and the organisation requires, an ID document only when the record says so', () => {
    const letter = draftLetter(input('gdpr', 'access', { identity: { name: null, email: 'jane@example.org', extra: [{ desc: 'Forum user name', value: 'jd42' }, { desc: 'Date of birth', value: ' ' }] } }));
    expect(letter.body).toContain('Email address: jane@example.org');
    expect(letter.body).toContain('Forum user name: jd42');
    expect(letter.body).not.toContain('Date of birth');
    expect(letter.body).not.toContain('Name:');
    expect(letter.body).not.toMatch(/ID document|passport/i);
    const withId = draftLetter(input('gdpr', 'erasure', { needsIdDocument: true }));
    expect(withId.body).toContain('copy of my ID document');
    expect(withId.body).toContain('blacked out');
    expect(idDocumentAdvice(true)).toMatch(/Black out/);
    expect(idDocumentAdvice(false)).toMatch(/Do not send an ID document/);
  });

  it('names the finding it answers', () => {
    expect(draftLetter(input('gdpr', 'erasure', { context: 'the Lantern Market breach (2024)' })).body).toContain('This concerns the data linked to the Lantern Market breach (2024).');
  });

  it('the follow-up and the complaint cite the original request, its date and the passed deadline', () => {
    const base = input('gdpr', 'access');
    const original = draftLetter(base);
    const followUp = draftFollowUp({ ...base, sentOn: '2026-01-31', original, authorityName: 'The Data Protection Authority' });
    expect(followUp.body).toContain('On 31 January 2026 I sent you the request below under Article 15 GDPR (right of access).');
    expect(followUp.body).toContain('ended on 28 February 2026');
    expect(followUp.body).toContain('Otherwise I will complain to The Data Protection Authority.');
    expect(followUp.body).toContain(original.body);
    const complaint = draftComplaint({ ...base, sentOn: '2026-01-31', original, authorityName: 'The Data Protection Authority' });
    expect(complaint.body).toContain('Article 77 GDPR');
    expect(complaint.body).toContain('Article 58(2)(c)');
    const ccpa = draftComplaint({ ...input('ccpa', 'erasure'), sentOn: '2026-01-31', original, authorityName: 'California Privacy Protection Agency' });
    expect(ccpa.body).toContain('§ 1798.199.45');
    expect(ccpa.body).not.toContain('Article 77');
  });
});
