import { Button } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { GoogleIcon } from './icons';
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

/**
 * 'Sign in with Google' / 'Sign up with Google': Google sign-in in a popup. The popup runs the
 * whole OAuth flow on the server, which sets the refresh cookie; when the popup reports success
 * this window fetches its session with that cookie and goes to the dashboard.
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
      notify.success(text.success);
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
    <Button type="button" variant="outline" w="full" size="lg" onClick={start} loading={busy} loadingText={label}>
      <GoogleIcon />
      {label}
    </Button>
  );
}
