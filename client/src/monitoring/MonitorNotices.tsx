import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../api/client';
import { notify } from '../components/toaster';
import type { MonitorNotice } from './monitor-types';
import { withChakraLoaded } from '../theme/lazy-chakra';

// The notices' Chakra alerts load (with Chakra's runtime) only when there is one to show.
const MonitorNoticeList = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./MonitorNoticeList')).MonitorNoticeList) }));

/**
 * What monitors found that is new (GET /api/monitoring/notices), each dismissible. Renders nothing
 * while loading, when there is nothing new, or when the notices could not be loaded (the page
 * around it has its own content; the email alert carries the same news).
 */
export function MonitorNotices({ headingAs = 'h2' }: { headingAs?: 'h2' | 'h3' }) {
  const [notices, setNotices] = useState<MonitorNotice[]>([]);
  const [dismissing, setDismissing] = useState<string>();

  useEffect(() => {
    let live = true;
    api.GET('/api/monitoring/notices').then(
      // Anything but a list (an error body, an unexpected answer) shows no notices rather than failing the page.
      ({ data }) => live && Array.isArray(data?.notices) && setNotices(data.notices),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  async function dismiss(id: string) {
    setDismissing(id);
    try {
      const { response } = await api.POST('/api/monitoring/notices/{id}/dismiss', { params: { path: { id } } });
      // Already gone on the server (404) is as good as dismissed.
      if (response.ok || response.status === 404) setNotices((list) => list.filter((n) => n.id !== id));
      else notify.error('Failed to dismiss the notice');
    } catch {
      notify.error('Error dismissing the notice');
    } finally {
      setDismissing(undefined);
    }
  }

  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MonitorNoticeList notices={notices} dismissing={dismissing} dismiss={dismiss} headingAs={headingAs} />
    </Suspense>
  );
}
