/**
 * The "signed in" hint: a cookie readable by the page, holding no secret ("1"), that the server
 * sets and clears together with the HttpOnly refresh cookie (same lifetime). It only says a session
 * may exist, so the client asks for one at start only then: a visitor sends no refresh request
 * and gets no 401. The refresh cookie alone still decides whether there is a session.
 */
export const SIGNED_IN_HINT_COOKIE = 'fp_signed_in';

/** Whether a `document.cookie` string carries the hint. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
