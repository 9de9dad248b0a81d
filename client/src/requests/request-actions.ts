import type { operations } from '../../../openapi/schema';
import { api, errorMessage } from '../api/client';
import { notify } from '../components/toaster';
import { saveBlob } from '../reports/report-download';
import type { BrokerBatchPreview, BrokerBatchResult, Organisation, RequestList, RightsRequest } from './request-types';

type CreateBody = operations['createRequest']['requestBody']['content']['application/json'];
type BrokerBatchBody = operations['createBrokerRequests']['requestBody']['content']['application/json'];
type UpdateBody = operations['updateRequest']['requestBody']['content']['application/json'];

/** The requests calls, each with its toasts; they never throw. */

export async function loadRequests(): Promise<RequestList | undefined> {
  try {
    const { data, error } = await api.GET('/api/requests');
    if (data) return data;
    notify.error(errorMessage(error, 'Failed to load your requests'));
  } catch {
    notify.error('Error loading your requests');
  }
  return undefined;
}

export async function loadRequest(id: string): Promise<RightsRequest | undefined> {
  try {
    const { data, error } = await api.GET('/api/requests/{id}', { params: { path: { id } } });
    if (data) return data;
    notify.error(errorMessage(error, 'Failed to load the request'));
  } catch {
    notify.error('Error loading the request');
  }
  return undefined;
}

export async function searchOrganisations(query: string): Promise<Organisation[]> {
  try {
    const { data } = await api.GET('/api/organisations', { params: { query: { query } } });
    return data?.organisations ?? [];
  } catch {
    return [];
  }
}

/** The catalogue's organisation behind a finding, or why there is none. */
export async function matchFinding(label: string, domains: string, company: string): Promise<{ organisation?: Organisation; reason?: string }> {
  try {
    const { data } = await api.GET('/api/organisations/matches', { params: { query: { label: [label], domains: [domains], company: [company] } } });
    const match = data?.matches[0];
    return match ? { organisation: match.organisation, reason: match.reason } : {};
  } catch {
    return {};
  }
}

export async function createRequest(body: CreateBody): Promise<RightsRequest | undefined> {
  try {
    const { data, error } = await api.POST('/api/requests', { body });
    if (data) return data;
    notify.error(errorMessage(error, 'The request could not be drafted'));
  } catch {
    notify.error('Error drafting the request');
  }
  return undefined;
}

export async function updateRequest(id: string, body: UpdateBody): Promise<RightsRequest | undefined> {
  try {
    const { data, error } = await api.PATCH('/api/requests/{id}', { params: { path: { id } }, body });
    if (data) return data;
    notify.error(errorMessage(error, 'The request could not be updated'));
  } catch {
    notify.error('Error updating the request');
  }
  return undefined;
}

export async function deleteRequest(id: string): Promise<boolean> {
  try {
    const { error } = await api.DELETE('/api/requests/{id}', { params: { path: { id } } });
    if (!error) return true;
    notify.error(errorMessage(error, 'The request could not be deleted'));
  } catch {
    notify.error('Error deleting the request');
  }
  return false;
}

/** Saves the letter as an .eml file (a draft for the person's mail app). */
export async function downloadEml(id: string, which: 'request' | 'follow-up'): Promise<boolean> {
  try {
    const { data, response } = await api.GET('/api/requests/{id}/eml', { params: { path: { id }, query: { which } }, parseAs: 'blob' });
    if (data && response.ok) {
      const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
      saveBlob(data as Blob, match?.[1] ?? 'request.eml');
      return true;
    }
    notify.error('The email file could not be made');
  } catch {
    notify.error('Error downloading the email file');
  }
  return false;
}

/** Before "Ask every data broker": DROP for Californians, the brokers, and how many drafts a batch makes. */
export async function previewBrokerBatch(query: Omit<BrokerBatchBody, 'email' | 'name'>): Promise<BrokerBatchPreview | undefined> {
  try {
    const { data, error } = await api.GET('/api/requests/brokers', { params: { query } });
    if (data) return data;
    notify.error(errorMessage(error, 'The data brokers could not be listed'));
  } catch {
    notify.error('Error listing the data brokers');
  }
  return undefined;
}

export async function createBrokerBatch(body: BrokerBatchBody): Promise<BrokerBatchResult | undefined> {
  try {
    const { data, error } = await api.POST('/api/requests/brokers', { body });
    if (data) return data;
    notify.error(errorMessage(error, 'The drafts could not be made'));
  } catch {
    notify.error('Error making the drafts');
  }
  return undefined;
}
