/**
 * Masking free text that could carry a person's address or a scanned input, before it is stored
 * or logged (analytics parameters, client error reports). Here, below the modules that use it.
 */
const EMAIL = /[^\s@<>()"',;]+@[^\s@<>()"',;]+\.[^\s@<>()"',;]+/g;
const WEB_URL = /\bhttps?:\/\/\S+/gi;
const HANDLE = /(^|[\s(])@[A-Za-z0-9_.]{1,64}/g;

/** Masks what could be a person's address or a scanned input in free text. */
export function maskPersonalText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(WEB_URL, '[url]').replace(HANDLE, '$1[handle]');
}
