import { api, errorMessage } from '../api/client';
import { notify, toaster } from '../components/toaster';
import type { MonitorList, MonitorType } from './monitor-types';

/**
 * The monitoring calls of spec section 7, each with its toasts. They resolve to whether the call
 * succeeded and never throw. Where the spec's failure text is fixed, the server's reason (a plan
 * limit, say) is added below it rather than replacing it.
 */

function failure(title: string, error: unknown) {
  const reason = errorMessage(error, '');
  toaster.create({ title, type: 'error', ...(reason && reason !== title ? { description: reason } : {}) });
}

/** GET /api/monitoring; undefined after a failure (toasted). */
export async function loadMonitors(): Promise<MonitorList | undefined> {
  try {
    const { data } = await api.GET('/api/monitoring');
    if (data) return data;
    notify.error('Failed to load monitors');
  } catch {
    notify.error('Error loading monitors');
  }
  return undefined;
}

/** PUT /api/monitoring/{id} with the opposite of the monitor's current `active`. */
export async function toggleMonitor(monitor: { id: string; active: boolean }): Promise<boolean> {
  const active = !monitor.active;
  try {
    const { data, error } = await api.PUT('/api/monitoring/{id}', { params: { path: { id: monitor.id } }, body: { active } });
    if (data) {
      notify.success(active ? 'Monitor activated' : 'Monitor paused');
      return true;
    }
    failure('Failed to update monitor', error);
  } catch {
    notify.error('Error updating monitor');
  }
  return false;
}

/** DELETE /api/monitoring/{id} (after the confirm dialog). */
export async function removeMonitor(id: string): Promise<boolean> {
  try {
    const { response, error } = await api.DELETE('/api/monitoring/{id}', { params: { path: { id } } });
    if (response.ok) {
      notify.success('Monitor deleted successfully');
      return true;
    }
    failure('Failed to delete monitor', error);
  } catch {
    notify.error('Error deleting monitor');
  }
  return false;
}

/** POST /api/monitoring; a failure shows the response's error field, else the spec's fallback. */
export async function createMonitor(type: MonitorType, targets: { emails: string[]; handles: string[] }): Promise<boolean> {
  try {
    const { data, error } = await api.POST('/api/monitoring', { body: { type, targets } });
    if (data) {
      notify.success('Monitor created successfully');
      return true;
    }
    notify.error(errorMessage(error, 'Failed to create monitor'));
  } catch {
    notify.error('Error creating monitor');
  }
  return false;
}

/** POST /api/monitoring/{id}/verification-emails: new links to the addresses that await verification. */
export async function resendVerificationLinks(id: string): Promise<boolean> {
  try {
    const { data, error } = await api.POST('/api/monitoring/{id}/verification-emails', { params: { path: { id } } });
    if (data) {
      notify.success('Verification links sent again');
      return true;
    }
    failure('Failed to send the verification links', error);
  } catch {
    notify.error('Error sending the verification links');
  }
  return false;
}
