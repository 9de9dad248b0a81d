import type { operations } from '../../../openapi/schema';

// Taken from the operations rather than schema names, so a renamed DTO class does not break the client.
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type RequestList = Json<operations['listRequests']['responses'][200]>;
export type RequestSummary = RequestList['requests'][number];
export type RightsRequest = Json<operations['getRequest']['responses'][200]>;
export type Letter = RightsRequest['letter'];
export type OrganisationList = Json<operations['searchOrganisations']['responses'][200]>;
export type Organisation = OrganisationList['organisations'][number];
export type RequestKind = RightsRequest['kind'];
export type BrokerBatchPreview = Json<operations['previewBrokerRequests']['responses'][200]>;
export type BrokerBatchResult = Json<operations['createBrokerRequests']['responses'][201]>;
export type BrokerBatchKind = NonNullable<operations['createBrokerRequests']['requestBody']['content']['application/json']['kind']>;
export type Jurisdiction = RightsRequest['jurisdiction'];
export type RequestStatus = RightsRequest['status'];

export const KIND_LABELS: Record<RequestKind, string> = {
  access: 'Show me the data you hold',
  erasure: 'Delete my data',
  objection_marketing: 'Stop using my data for marketing',
  opt_out_sale: 'Stop selling or sharing my data',
  plain: 'A plain-language request',
};

/** What "Ask every data broker" can ask: the broker requests the server drafts in a batch. */
export const BROKER_KIND_LABELS: Record<BrokerBatchKind, string> = { erasure: KIND_LABELS.erasure, opt_out_sale: KIND_LABELS.opt_out_sale };

export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  gdpr: 'EU / EEA (GDPR)',
  uk_gdpr: 'United Kingdom (UK GDPR)',
  ccpa: 'California (CCPA / CPRA)',
  other: 'Elsewhere (plain request)',
};

export const STATUS_LABELS: Record<RequestStatus, { label: string; palette: string }> = {
  draft: { label: 'Draft', palette: 'gray' },
  sent: { label: 'Waiting for an answer', palette: 'blue' },
  overdue: { label: 'Overdue', palette: 'red' },
  answered: { label: 'Answered', palette: 'teal' },
  completed: { label: 'Completed', palette: 'green' },
  refused: { label: 'Refused', palette: 'orange' },
};

/** Where a finding's "Ask them…" link goes: the request page with the finding to match. */
export function requestLink(finding: { label: string; domains?: readonly string[]; company?: string; kind: 'erasure' | 'access' }): string {
  const params = new URLSearchParams({ label: finding.label, kind: finding.kind });
  if (finding.domains?.length) params.set('domains', finding.domains.join(' '));
  if (finding.company) params.set('company', finding.company);
  return `/requests?${params.toString()}`;
}
