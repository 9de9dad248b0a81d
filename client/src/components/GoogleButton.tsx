import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { ButtonSpinner } from './form-fields';
import { notify } from './toaster';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const POPUP_NAME = 'footprint-google';
const POPUP_FEATURES = 'width=500,height=650';
/** After the popup closes, how long a late message may still arrive. */
const CLOSE_GRACE_MS = 800;

/** What the popup's page (server/src/auth/google-popup.page.ts) posts to this window. */
interface PopupMessage {
  type: 'footprint:google';
  ok: boolean;
  message?: string;
}

function isPopupMessage(data: unknown): data is PopupMessage {
  return !!data && typeof data === 'object' && (data as { type?: unknown }).type === 'footprint:google' && typeof (data as { ok?: unknown }).ok === 'boolean';
}

const TEXT = {
  login: { success: 'Login successful!', failure: 'Failed to log in with Google' },
  signup: { success: 'Account created successfully!', failure: 'Failed to sign up with Google' },
} as const;

/** Google's four-colour "G", drawn here (not fetched). Decorative: the button carries the name. */
function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" className="sh-icon" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.6 13.3l7.9 6.1C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.1.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

/**
 * 'Sign in with Google' / 'Sign up with Google': Google sign-in in a popup. The popup runs the
 * whole OAuth flow on the server, which sets the refresh cookie; when the popup reports success
 * this window fetches its session with that cookie and goes to the dashboard. Drawn without
 * Chakra's runtime (theme/shell-styles.ts): the sign-in and sign-up pages show it at once.
 */
export function GoogleButton({ label, mode, rememberMe = false }: { label: string; mode: 'login' | 'signup'; rememberMe?: boolean }) {
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const [configured, setConfigured] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const cleanup = useRef<() => void>(() => {});
  const text = TEXT[mode];

  useEffect(() => {
    let current = true;
    api
      .GET('/api/auth/google/status')
      .then(({ data }) => {
        if (current && data) setConfigured(data.configured);
      })
      .catch(() => {});
    return () => {
      current = false;
      cleanup.current();
    };
  }, []);

  const finish = useCallback(
    async (result: PopupMessage) => {
      if (!result.ok) {
        notify.error(`${text.failure}: ${result.message || 'Please try again.'}`);
        return;
      }
      // The popup's answer set the refresh cookie: trade it for this window's session.
      const { data, error } = await api.POST('/api/auth/refresh', { params: { header: { 'X-Footprint-CSRF': '1' } } });
      if (!data) {
        notify.error(`${text.failure}: ${errorMessage(error, 'Something went wrong. Please try again.')}`);
        return;
      }
      completeSignIn(data);
      notify.succeeded(text.success);
      navigate('/dashboard', { replace: true });
    },
    [completeSignIn, navigate, text],
  );

  function start() {
    if (configured === false) {
      notify.error(`${text.failure}: ${GOOGLE_NOT_CONFIGURED}`);
      return;
    }
    cleanup.current();
    const popup = window.open(`/api/auth/google/start?remember=${rememberMe}`, POPUP_NAME, POPUP_FEATURES);
    if (!popup) {
      notify.error(`${text.failure}: Please allow pop-ups for this site and try again.`);
      return;
    }
    popup.focus();
    setBusy(true);
    let settled = false;
    const settle = () => {
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      setBusy(false);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup || !isPopupMessage(event.data)) return;
      settle();
      void finish(event.data);
    };
    const watch = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(watch);
      setTimeout(() => {
        if (settled) return;
        settle();
        notify.error(`${text.failure}: The Google sign-in window was closed.`);
      }, CLOSE_GRACE_MS);
    }, 300);
    window.addEventListener('message', onMessage);
    cleanup.current = () => {
      if (!settled) settle();
    };
  }

  return (
    <button type="button" className="sh-button-google" onClick={start} disabled={busy} data-loading={busy || undefined} aria-busy={busy || undefined}>
      {busy ? <ButtonSpinner show /> : <GoogleLogo />}
      {label}
    </button>
  );
}
