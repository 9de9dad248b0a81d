/** The path of the popup's script (GoogleSignInController serves it; the CSP allows same-origin scripts only). */
export const GOOGLE_POPUP_SCRIPT_PATH = '/api/auth/google/popup.js';

/** What the popup posts to the page that opened it (client/src/components/GoogleButton.tsx reads it). */
export interface GooglePopupResult {
  ok: boolean;
  message?: string;
  created?: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page the Google popup ends on: the result in data attributes, told to the opener by the
 * same-origin script below (no inline script: the app's CSP forbids it). Without an opener (a
 * blocked popup opened as a tab) the page itself says what happened and links on.
 */
export function googlePopupPage(result: GooglePopupResult): string {
  const title = result.ok ? 'Signed in with Google' : 'Google sign-in failed';
  const text = result.ok ? 'You are signed in. This window closes by itself.' : (result.message ?? 'Please try again.');
  const next = result.ok ? '/dashboard' : '/login';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Footprint</title>
<script src="${GOOGLE_POPUP_SCRIPT_PATH}" defer></script>
</head>
<body>
<main id="google-result" data-ok="${result.ok}" data-created="${result.created === true}" data-message="${escapeHtml(result.message ?? '')}">
<h1>${escapeHtml(title)}</h1>
<p role="${result.ok ? 'status' : 'alert'}">${escapeHtml(text)}</p>
<p><a href="${next}">Continue to Footprint</a></p>
</main>
</body>
</html>
`;
}

/** Posts the result to the opener (same origin only) and closes the popup. */
export const GOOGLE_POPUP_SCRIPT = `(function () {
  'use strict';
  var el = document.getElementById('google-result');
  if (!el) return;
  var result = { type: 'footprint:google', ok: el.getAttribute('data-ok') === 'true', created: el.getAttribute('data-created') === 'true' };
  var message = el.getAttribute('data-message');
  if (message) result.message = message;
  var opener = window.opener;
  if (!opener || opener.closed) return;
  try {
    opener.postMessage(result, window.location.origin);
  } catch (e) {
    return;
  }
  window.close();
})();
`;
