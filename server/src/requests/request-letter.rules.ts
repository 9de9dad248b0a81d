import type { Deadline } from './request-deadline.rules';
import type { Jurisdiction, RequestIdentity, RequestKind } from './request.types';

/** A drafted letter: the subject line and the plain text body. */
export interface Letter {
  subject: string;
  body: string;
  /** The legal basis cited, or null for a plain request. */
  basis: string | null;
}

export interface LetterInput {
  kind: RequestKind;
  jurisdiction: Jurisdiction;
  organisationName: string;
  identity: RequestIdentity;
  /** The record says the organisation needs an ID document for every request. */
  needsIdDocument: boolean;
  /** What the person found ("the Adobe breach (2013)"): tells the organisation which data is meant. */
  context: string | null;
  deadline: Deadline;
}

/** The law's name in letters. */
const LAW: Record<'gdpr' | 'uk_gdpr', string> = { gdpr: 'GDPR', uk_gdpr: 'UK GDPR' };

/** The basis a request stands on, or null when the law gives no such right (the letter is then a plain request). */
export function legalBasis(jurisdiction: Jurisdiction, kind: RequestKind): string | null {
  if (kind === 'plain' || jurisdiction === 'other') return null;
  if (jurisdiction === 'ccpa') {
    if (kind === 'access') return 'Cal. Civ. Code §§ 1798.110 and 1798.115 (right to know)';
    if (kind === 'erasure') return 'Cal. Civ. Code § 1798.105 (right to delete)';
    if (kind === 'opt_out_sale') return 'Cal. Civ. Code § 1798.120 (right to opt out of sale or sharing)';
    // The CCPA has no right to object to a business's own marketing.
    return null;
  }
  const law = LAW[jurisdiction];
  if (kind === 'access') return `Article 15 ${law} (right of access)`;
  if (kind === 'erasure') return `Article 17 ${law} (right to erasure)`;
  if (kind === 'objection_marketing') return `Article 21(2) and (3) ${law} (right to object to direct marketing)`;
  return `Article 21(2) ${law} (objection to direct marketing) and Article 7(3) ${law} (withdrawal of consent)`;
}

/** The lines that let the organisation find the person's data: the address, the name when given, and what the record requires. */
function identification(identity: RequestIdentity): string[] {
  const lines = [`Email address: ${identity.email}`];
  if (identity.name) lines.unshift(`Name: ${identity.name}`);
  for (const { desc, value } of identity.extra) if (value.trim()) lines.push(`${desc}: ${value.trim()}`);
  return lines;
}

function closing(identity: RequestIdentity): string[] {
  return ['', 'Yours faithfully,', identity.name ?? identity.email];
}

const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function gdprBody(input: LetterInput, law: string): { subject: string; lines: string[] } {
  const { kind } = input;
  if (kind === 'access') {
    return {
      subject: `Access request under Article 15 ${law}`,
      lines: [
        `I ask for access to my personal data under Article 15 ${law}. Please confirm whether you process personal data about me and, if you do, send me:`,
        '1. a copy of that data (Article 15(3));',
        '2. the purposes of the processing, the categories of data and the recipients or categories of recipients, including any outside the country and the safeguards used (Article 15(1)(a) to (c) and 15(2));',
        '3. how long you will keep it, or how that is decided (Article 15(1)(d));',
        '4. where you got it, if not from me (Article 15(1)(g));',
        '5. whether you use it for automated decisions, including profiling, and if so how (Article 15(1)(h)).',
        'As I make this request by email, please send the copy in a common electronic format (Article 15(3)); the first copy is free of charge.',
      ],
    };
  }
  if (kind === 'erasure') {
    return {
      subject: `Erasure request under Article 17 ${law}`,
      lines: [
        `I ask you to erase my personal data without undue delay under Article 17 ${law}.`,
        `I withdraw any consent I have given (Article 7(3) ${law}) and object to any processing based on your legitimate interests (Article 21(1) ${law}), so Article 17(1)(b) and (c) apply at least.`,
        `Please tell every recipient to whom you disclosed my data about the erasure and tell me who they are (Article 19 ${law}).`,
      ],
    };
  }
  if (kind === 'objection_marketing') {
    return {
      subject: `Objection to direct marketing under Article 21 ${law}`,
      lines: [
        `I object under Article 21(2) ${law} to the processing of my personal data for direct marketing, including profiling related to it. Under Article 21(3) you may no longer process my data for these purposes.`,
        'Please confirm that you have stopped.',
      ],
    };
  }
  return {
    subject: `Objection to selling or sharing my data under Article 21 ${law}`,
    lines: [
      `I object under Article 21(2) ${law} to the processing of my personal data for direct marketing, including profiling and disclosure to third parties for their advertising.`,
      `I withdraw any consent I have given to disclose my data to third parties or to use it for advertising (Article 7(3) ${law}).`,
      'Please stop disclosing my data to third parties for these purposes and confirm that you have done so.',
    ],
  };
}

function ccpaBody(kind: RequestKind): { subject: string; lines: string[] } {
  if (kind === 'access') {
    return {
      subject: 'Request to know under the California Consumer Privacy Act',
      lines: [
        'I am a California resident. Under California Civil Code §§ 1798.110 and 1798.115 I ask you to disclose to me:',
        '1. the specific pieces of personal information you have collected about me;',
        '2. the categories of personal information you have collected about me and of the sources you collected it from;',
        '3. the business or commercial purposes for collecting, selling or sharing it;',
        '4. the categories of third parties to whom you disclose it, and the categories you sold or shared and to whom.',
      ],
    };
  }
  if (kind === 'erasure') {
    return {
      subject: 'Request to delete under the California Consumer Privacy Act',
      lines: [
        'I am a California resident. Under California Civil Code § 1798.105 I ask you to delete the personal information you have collected about me,',
        'to tell your service providers and contractors to delete it, and to notify the third parties to whom you have sold or shared it (§ 1798.105(c)(1)).',
      ],
    };
  }
  return {
    subject: 'Request to opt out of sale and sharing under the California Consumer Privacy Act',
    lines: [
      'I am a California resident. Under California Civil Code § 1798.120 I direct you not to sell or share my personal information.',
      'Please also tell any third party to whom you sold or shared it in the last 90 days not to sell or share it further (Cal. Code Regs. tit. 11, § 7026(f)).',
    ],
  };
}

const PLAIN_ASK: Record<RequestKind, string> = {
  access: 'to tell me whether you hold personal data about me and, if you do, to send me a copy of it, where you got it and whom you shared it with',
  erasure: 'to delete the personal data you hold about me and to tell anyone you shared it with to delete it too',
  objection_marketing: 'to stop using my personal data for marketing',
  opt_out_sale: 'to stop selling or sharing my personal data with others',
  plain: 'to tell me whether you hold personal data about me, to send me a copy of it, and then to delete it',
};

/**
 * The request letter: short, citing the article or section it stands on, with only the
 * identification the organisation needs (its required elements), and an ID document only when
 * the organisation's record says it needs one.
 */
export function draftLetter(input: LetterInput): Letter {
  const { identity, deadline, context, organisationName } = input;
  const basis = legalBasis(input.jurisdiction, input.kind);
  let subject: string;
  let lines: string[];
  if (basis === null) {
    subject = 'Request about my personal data';
    lines = [
      `I ask you ${PLAIN_ASK[input.kind]}.`,
      input.jurisdiction === 'ccpa' && input.kind === 'objection_marketing'
        ? 'The California Consumer Privacy Act gives no right to object to marketing as such, so I ask you as a matter of good practice.'
        : 'I ask you as a matter of good practice, whether or not a data protection law obliges you to.',
    ];
  } else if (input.jurisdiction === 'ccpa') {
    ({ subject, lines } = ccpaBody(input.kind));
  } else {
    ({ subject, lines } = gdprBody(input, LAW[input.jurisdiction as 'gdpr' | 'uk_gdpr']));
  }
  const answerBy = deadline.legal ? `Please answer by ${formatDay(deadline.due)}: ${deadline.period}.` : `Please answer by ${formatDay(deadline.due)}.`;
  const id = input.needsIdDocument
    ? ['I attach a copy of my ID document. Everything on it but my name and the document’s validity is blacked out; please use it only to confirm who I am and delete it afterwards.']
    : [];
  const body = [
    `To: ${organisationName}`,
    '',
    'Dear Sir or Madam,',
    '',
    ...lines,
    ...(context ? ['', `This concerns the data linked to ${context}.`] : []),
    '',
    'To find my data, please use:',
    ...identification(identity),
    ...(id.length ? ['', ...id] : []),
    '',
    answerBy,
    ...closing(identity),
  ].join('\n');
  return { subject: `${subject}${identity.name ? ` – ${identity.name}` : ''}`, body, basis };
}

/** The reminder after the deadline passed without an answer. */
export function draftFollowUp(input: LetterInput & { sentOn: string; original: Letter; authorityName: string | null }): Letter {
  const { identity, deadline } = input;
  const lines = [
    `To: ${input.organisationName}`,
    '',
    'Dear Sir or Madam,',
    '',
    `On ${formatDay(input.sentOn)} I sent you the request below${input.original.basis ? ` under ${input.original.basis}` : ''}. The time to answer ended on ${formatDay(deadline.due)} and I have not received a complete answer.`,
    `Please answer within 14 days.${input.authorityName ? ` Otherwise I will complain to ${input.authorityName}.` : ''}`,
    ...closing(identity),
    '',
    '--- My request ---',
    input.original.body,
  ];
  return { subject: `Reminder: ${input.original.subject}`, body: lines.join('\n'), basis: input.original.basis };
}

/** The complaint to the supervisory authority (GDPR, UK GDPR) or the California Privacy Protection Agency (CCPA). */
export function draftComplaint(input: LetterInput & { sentOn: string; original: Letter; authorityName: string }): Letter {
  const { identity, deadline } = input;
  const law =
    input.jurisdiction === 'ccpa'
      ? 'I ask the Agency to look into this under California Civil Code § 1798.199.45.'
      : `I lodge this complaint under Article 77 ${LAW[input.jurisdiction as 'gdpr' | 'uk_gdpr'] ?? 'GDPR'} and ask you to examine it and, where appropriate, to order the organisation to comply with my request (Article 58(2)(c)).`;
  const lines = [
    `To: ${input.authorityName}`,
    '',
    'Dear Sir or Madam,',
    '',
    `I complain about ${input.organisationName}. On ${formatDay(input.sentOn)} I sent them a request${input.original.basis ? ` under ${input.original.basis}` : ''}. The time to answer (${deadline.period}) ended on ${formatDay(deadline.due)}, and they have not answered it in full.`,
    law,
    'My request is copied below; I can send any answer I receive.',
    '',
    'My contact details:',
    ...identification(identity),
    ...closing(identity),
    '',
    '--- My request ---',
    input.original.body,
  ];
  return { subject: `Complaint about ${input.organisationName}: unanswered data protection request`, body: lines.join('\n'), basis: input.original.basis };
}

/** What to say about an ID document: needed (redact it) or not (do not send one). */
export function idDocumentAdvice(needsIdDocument: boolean): string {
  return needsIdDocument
    ? 'This organisation says it needs a copy of an ID document. Black out everything but your name, photo and the document’s validity (the number, date of birth if not needed, signature and machine-readable zone), and write “Copy for a data request to this organisation only” across it.'
    : 'Do not send an ID document: this organisation does not ask for one. If it asks, it must have a reasonable doubt about who you are, and should ask only for what clears that doubt.';
}
