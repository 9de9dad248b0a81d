import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const INVALID_LINK = 'This verification link is invalid or has expired.';

/** What the server said about a token: accepted (with whatever the page shows), or refused. */
export type TokenAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

export type TokenOutcome<T> = { status: 'checking' } | { status: 'verified'; value: T } | { status: 'failed'; message: string };

/**
 * Sends the `?token=` of the page's address once and tracks the outcome, for the pages an emailed
 * link opens. No token: failed at once, nothing sent.
 */
export function useSingleUseToken<T>(send: (token: string) => Promise<TokenAnswer<T>>): TokenOutcome<T> {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<TokenOutcome<T>>(token ? { status: 'checking' } : { status: 'failed', message: INVALID_LINK });
  const sent = useRef(false);

  useEffect(() => {
    // Once only (StrictMode runs effects twice in development; the token is single-use).
    if (!token || sent.current) return;
    sent.current = true;
    send(token)
      .then((answer) => setOutcome(answer.ok ? { status: 'verified', value: answer.value } : { status: 'failed', message: answer.message }))
      .catch(() => setOutcome({ status: 'failed', message: 'Network error. Please try again.' }));
  }, [token, send]);

  return outcome;
}
