import { everyPage } from '../api/every-page';
import { api, errorMessage } from '../api/client';
import { notify, toaster } from '../components/toaster';
import { downloadFileName, saveBlob } from '../reports/report-download';
import type { DomainBreaches, Monitor, MonitorList, MonitorRunList, MonitorType } from './monitor-types';

/**
 * The monitoring API calls, each with its toasts. They resolve to whether the call
 * succeeded and never throw. Where the spec's failure text is fixed, the server's reason (a plan
 * limit, say) is added below it rather than replacing it.
 */

function failure(title: string, error: unknown) {
  const reason = errorMessage(error, '');
  toaster.create({ title, type: 'error', ...(reason && reason !== title ? { description: reason } : {}) });
}

/** GET /api/monitoring, every page of it (a plan's limit counts active monitors only); undefined after a failure (toasted). */
export async function loadMonitors(): Promise<MonitorList | undefined> {
  try {
    const data = await everyPage(
      async (page, pageSize) => (await api.GET('/api/monitoring', { params: { query: { page, pageSize } } })).data,
      (list) => list.monitors,
      (first, monitors) => ({ ...first, monitors }),
    );
    if (data) return data;
    notify.error('Failed to load monitors');
  } catch {
    notify.error('Error loading monitors');
  }
  return undefined;
}

interface CallToasts {
  done: string;
  /** The spec's failure text; the server's reason is shown below it. */
  failed: string;
  /** When the call could not be made at all (network). */
  error: string;
}

/** Runs one monitoring call with its toasts; whether it succeeded. */
async function withToasts(call: () => Promise<{ ok: boolean; error?: unknown }>, toasts: CallToasts, onFailure = failure): Promise<boolean> {
  try {
    const { ok, error } = await call();
    if (ok) {
      notify.success(toasts.done);
      return true;
    }
    onFailure(toasts.failed, error);
  } catch {
    notify.error(toasts.error);
  }
  return false;
}

/** PUT /api/monitoring/{id} with the opposite of the monitor's current `active`. */
export function toggleMonitor(monitor: { id: string; active: boolean }): Promise<boolean> {
  const active = !monitor.active;
  return withToasts(
    async () => {
      const { data, error } = await api.PUT('/api/monitoring/{id}', { params: { path: { id: monitor.id } }, body: { active } });
      return { ok: Boolean(data), error };
    },
    { done: active ? 'Monitor activated' : 'Monitor paused', failed: 'Failed to update monitor', error: 'Error updating monitor' },
  );
}

/** DELETE /api/monitoring/{id} (after the confirm dialog). */
export function removeMonitor(id: string): Promise<boolean> {
  return withToasts(
    async () => {
      const { response, error } = await api.DELETE('/api/monitoring/{id}', { params: { path: { id } } });
      return { ok: response.ok, error };
    },
    { done: 'Monitor deleted successfully', failed: 'Failed to delete monitor', error: 'Error deleting monitor' },
  );
}

/** What a new monitor watches: emails and handles, or one website, or one email domain. */
export type NewMonitorTargets = { emails: string[]; handles: string[] } | { websites: string[] } | { domains: string[] };

/** POST /api/monitoring; a failure shows the response's error field, else the spec's fallback. */
export function createMonitor(type: MonitorType, targets: NewMonitorTargets): Promise<boolean> {
  return withToasts(
    async () => {
      const { data, error } = await api.POST('/api/monitoring', { body: { type, targets } });
      return { ok: Boolean(data), error };
    },
    { done: 'Monitor created successfully', failed: 'Failed to create monitor', error: 'Error creating monitor' },
    (fallback, error) => notify.error(errorMessage(error, fallback)),
  );
}

/** POST /api/monitoring/{id}/verification-emails: new links to the addresses that await verification. */
export function resendVerificationLinks(id: string): Promise<boolean> {
  return withToasts(
    async () => {
      const { data, error } = await api.POST('/api/monitoring/{id}/verification-emails', { params: { path: { id } } });
      return { ok: Boolean(data), error };
    },
    { done: 'Verification links sent again', failed: 'Failed to send the verification links', error: 'Error sending the verification links' },
  );
}

/**
 * POST /api/monitoring/{id}/domain/verification: checks the published TXT record or file now. The
 * monitor when proven; undefined otherwise (the server's reason toasted: what it found instead).
 */
export async function verifyDomain(id: string, method?: 'dns' | 'file'): Promise<Monitor | undefined> {
  try {
    const { data, error } = await api.POST('/api/monitoring/{id}/domain/verification', { params: { path: { id } }, body: method ? { method } : {} });
    if (data) {
      notify.success('Domain verified');
      return data.monitor;
    }
    failure('The domain could not be verified', error);
  } catch {
    notify.error('Error verifying the domain');
  }
  return undefined;
}

/** One page of a list: the data, or undefined after a failure (the server's reason, or a network error, toasted). */
async function pageOf<T>(call: () => Promise<{ data?: T; error?: unknown }>, what: string): Promise<T | undefined> {
  try {
    const { data, error } = await call();
    if (data) return data;
    failure(`Failed to load ${what}`, error);
  } catch {
    notify.error(`Error loading ${what}`);
  }
  return undefined;
}

/** GET /api/monitoring/{id}/runs: one page of the history. */
export function loadRuns(id: string, page: number, pageSize = 10): Promise<MonitorRunList | undefined> {
  return pageOf(() => api.GET('/api/monitoring/{id}/runs', { params: { path: { id }, query: { page, pageSize } } }), 'the history');
}

/** GET /api/monitoring/{id}/domain/breaches: one page of the breached addresses. */
export function loadDomainBreaches(id: string, page: number, pageSize = 25): Promise<DomainBreaches | undefined> {
  return pageOf(() => api.GET('/api/monitoring/{id}/domain/breaches', { params: { path: { id }, query: { page, pageSize } } }), 'the breached addresses');
}

/** GET /api/monitoring/{id}/domain/breaches/csv, saved as the file the server names. */
export async function downloadDomainBreaches(id: string): Promise<boolean> {
  try {
    const { data, error, response } = await api.GET('/api/monitoring/{id}/domain/breaches/csv', { params: { path: { id } }, parseAs: 'blob' });
    if (!response.ok || !data) {
      failure('Failed to download the CSV', error);
      return false;
    }
    saveBlob(data, downloadFileName(response.headers.get('Content-Disposition'), 'csv'));
    return true;
  } catch {
    notify.error('Error downloading the CSV');
    return false;
  }
}
