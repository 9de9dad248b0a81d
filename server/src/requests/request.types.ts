/** Privacy-rights requests: what a person asks of an organisation, under which law, and where it stands. */

export const REQUEST_KINDS = ['access', 'erasure', 'objection_marketing', 'opt_out_sale', 'plain'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The person's law: the EU's GDPR, the UK GDPR, California's CCPA as amended by the CPRA, or none we draft under. */
export const JURISDICTIONS = ['gdpr', 'uk_gdpr', 'ccpa', 'other'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const REQUEST_STATUSES = ['draft', 'sent', 'answered', 'completed', 'refused', 'overdue'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Statuses still waiting for the organisation: the dashboard's open requests, the reminders' work. */
export const OPEN_STATUSES: readonly RequestStatus[] = ['draft', 'sent', 'overdue'];

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  access: 'Show me the data you hold',
  erasure: 'Delete my data',
  objection_marketing: 'Stop using my data for marketing',
  opt_out_sale: 'Stop selling or sharing my data',
  plain: 'A plain-language request',
};

/** How a status reads in the report (PDF, CSV); the page has its own copy with colours. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  draft: 'Draft, not sent yet',
  sent: 'Waiting for an answer',
  overdue: 'Overdue: no answer by the due day',
  answered: 'Answered',
  completed: 'Completed',
  refused: 'Refused',
};

export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  gdpr: 'EU / EEA (GDPR)',
  uk_gdpr: 'United Kingdom (UK GDPR)',
  ccpa: 'California (CCPA as amended by the CPRA)',
  other: 'Elsewhere (no law we draft under)',
};

/** What identifies the person to the organisation: only what the letter needs. */
export interface RequestIdentity {
  /** Signs the letter; optional when the organisation does not ask for a name. */
  name: string | null;
  /** The address the person uses with the organisation and where the answer should go. */
  email: string;
  /** Answers to the organisation's own required elements (the catalogue record's `required-elements`). */
  extra: { desc: string; value: string }[];
}
