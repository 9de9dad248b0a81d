import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const INVALID_LINK = 'This verification link is invalid or has expired.';

/** What the server said about a token: accepted (with whatever the page shows), or refused. */
export type TokenAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

export type TokenOutcome<T> =
  | { status: 'awaiting' }
  | { status: 'checking' }
  | { status: 'verified'; value: T }
  | { status: 'failed'; message: string };

/**
 * The `?token=` of the page's address, for the pages an emailed link opens, sent once when the
 * person confirms. Opening the link alone sends nothing: mail scanners and link previews open
 * links too, and must not confirm an address on its owner's behalf. No token: failed at once.
 */
export function useSingleUseToken<T>(send: (token: string) => Promise<TokenAnswer<T>>): { outcome: TokenOutcome<T>; confirm: () => void } {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<TokenOutcome<T>>(token ? { status: 'awaiting' } : { status: 'failed', message: INVALID_LINK });
  const sent = useRef(false);

  const confirm = useCallback(() => {
    // Once only: the token is single-use.
    if (!token || sent.current) return;
    sent.current = true;
    setOutcome({ status: 'checking' });
    send(token)
      .then((answer) => setOutcome(answer.ok ? { status: 'verified', value: answer.value } : { status: 'failed', message: answer.message }))
      .catch(() => setOutcome({ status: 'failed', message: 'Network error. Please try again.' }));
  }, [token, send]);

  return { outcome, confirm };
}
