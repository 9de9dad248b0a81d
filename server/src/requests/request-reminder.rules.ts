import type { RequestStatus } from './request.types';

/** A reminder the person sees in the app: the same rule as the reminder emails, from the requests' state. */
export interface RequestReminder {
  id: string;
  organisationName: string;
  dueOn: string;
  /** 'soon': due within the reminder window; 'due': the due day has passed without an answer. */
  reminder: 'soon' | 'due';
}

interface Remindable {
  id: string;
  organisationName: string;
  status: RequestStatus;
  dueOn: string | null;
}

/** The day `days` after a YYYY-MM-DD day. */
function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The in-app reminders on `today`: a sent request past its due day (or already marked overdue) is
 * 'due', one due within `soonDays` is 'soon'; overdue first, then by due day. They go away when
 * the person acts (marks it answered, extends it, sends the follow-up and notes it), not on a timer.
 */
export function remindersOf(requests: readonly Remindable[], today: string, soonDays: number): RequestReminder[] {
  const last = plusDays(today, soonDays);
  const out: RequestReminder[] = [];
  for (const r of requests) {
    if (r.dueOn === null || (r.status !== 'sent' && r.status !== 'overdue')) continue;
    if (r.status === 'overdue' || r.dueOn < today) out.push({ id: r.id, organisationName: r.organisationName, dueOn: r.dueOn, reminder: 'due' });
    else if (r.dueOn <= last) out.push({ id: r.id, organisationName: r.organisationName, dueOn: r.dueOn, reminder: 'soon' });
  }
  return out.sort((a, b) => (a.reminder === b.reminder ? a.dueOn.localeCompare(b.dueOn) : a.reminder === 'due' ? -1 : 1));
}
