import { startTransition, useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

export interface QueryOptions {
  /**
   * Keeps what is shown (the data, or a failure) while a new key (the next page, another filter) or
   * a reload is loading, instead of going back to 'loading'; a failed reload keeps the data shown.
   */
  keepPrevious?: boolean;
}

/**
 * The client's one way to load data: runs `load` when `key` changes (and on mount), answers its
 * state, and `reload` runs it again. Only the newest request's answer is used. `load` answers
 * undefined (or throws) for a failure. The answer renders as a transition, so a long list yields to
 * the browser instead of holding a phone's main thread while the page is still starting.
 * Knows nothing of any feature: each feature passes its own loader.
 */
export function useQuery<T>(key: string, load: () => Promise<T | undefined>, options: QueryOptions = {}): [Loadable<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  // The answer with the request it answers: an answer for another key (or attempt) is not this one's.
  const [answer, setAnswer] = useState<{ request: string; state: Loadable<T> }>({ request: '', state: { status: 'loading' } });
  // The loader of the latest render: it may close over the key's values.
  const run = useEffectEvent(load);
  const keepPrevious = options.keepPrevious === true;
  const request = `${attempt}:${key}`;

  useEffect(() => {
    let live = true;
    const settle = (next: Loadable<T>) => {
      if (!live) return;
      startTransition(() =>
        setAnswer((current) => ({
          request,
          state: next.status === 'error' && keepPrevious && current.state.status === 'ready' ? current.state : next,
        })),
      );
    };
    run().then(
      (data) => settle(data === undefined ? { status: 'error' } : { status: 'ready', data }),
      () => settle({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [request, keepPrevious]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // keepPrevious: whatever was settled stays shown (the data, or the failure and its Try again) until the new answer.
  const current = answer.request === request || (keepPrevious && answer.request !== '') ? answer.state : { status: 'loading' as const };
  return [current, reload];
}
