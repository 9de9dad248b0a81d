/**
 * Redacted forms of metadata values for display: enough to recognise a value as one's own without
 * repeating it in full (coordinates to about 1 km, serials and emails partly masked).
 */

const DOT = '•';
// Compiled once: a literal inside a function is a new, unoptimised RegExp on every call.
const LETTER = /\p{L}/gu;
const SPACES = /(\s+)/;
const DIGIT = /\d/g;
const NON_DIGIT = /\D/g;
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})(.*)$/;
const EMAIL_IN_TEXT = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}/g;
// Seven digits or more, with the separators phone numbers are written with.
const PHONE_IN_TEXT = /\+?\d[\d ()./-]{5,}\d/g;
const DATE_SHAPE = /^(\d{4}[-/.:]\d{1,2}[-/.:]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})$/;

/** Two decimals: about 1.1 km of latitude (less of longitude away from the equator). */
export function roundedCoordinates(latitude: number, longitude: number): string {
  const round = (n: number) => {
    const r = Math.round(n * 100) / 100;
    return (Object.is(r, -0) ? 0 : r).toFixed(2);
  };
  return `${round(latitude)}, ${round(longitude)}`;
}

/** All but the last four characters masked (all but the last one when short). */
export function maskSerial(value: string): string {
  const keep = value.length > 6 ? 4 : value.length > 2 ? 2 : 1;
  return DOT.repeat(Math.min(8, Math.max(1, value.length - keep))) + value.slice(-keep);
}

/** "peter@example.com" → "p•••@e•••.com". */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return maskWords(value);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${value[0]}${DOT.repeat(3)}@${domain[0] ?? ''}${DOT.repeat(3)}${tld}`;
}

/** Each word of three or more letters keeps its first letter: "Peter Bemmann" → "P•••• B••••••". */
export function maskWords(value: string): string {
  return value
    .split(SPACES)
    .map((word) => {
      if (word.includes('@')) return maskEmail(word);
      const letters = word.match(LETTER)?.length ?? 0;
      if (letters < 3) return word;
      let first = true;
      return word.replace(LETTER, (ch) => {
        if (first) {
          first = false;
          return ch;
        }
        return DOT;
      });
    })
    .join('');
}

/** Digits masked but the last two: "06136/958638" → "•••••/••••38". */
export function maskPhone(value: string): string {
  const digits = value.replace(NON_DIGIT, '').length;
  let seen = 0;
  return value.replace(DIGIT, (d) => (++seen > digits - 2 ? d : DOT));
}

/**
 * Free text (a caption, a comment, a prompt) with the emails and phone numbers in it masked: the
 * text can be shown, the contact details in it are reported, masked, on their own.
 */
export function maskContactsIn(text: string): string {
  return text
    .replace(EMAIL_IN_TEXT, (email) => maskEmail(email))
    .replace(PHONE_IN_TEXT, (phone) => (phone.replace(NON_DIGIT, '').length >= 7 && !DATE_SHAPE.test(phone) ? maskPhone(phone) : phone));
}

/** Street lines and postcodes: words and numbers masked. */
export function maskAddress(value: string): string {
  return maskWords(value).replace(DIGIT, DOT);
}

/** The host of a URL ("http://www.example.com/x" → "example.com"), or the masked text. */
export function urlHost(value: string): string {
  try {
    return new URL(/^https?:\/\//i.test(value) ? value : `http://${value}`).hostname.replace(/^www\./, '');
  } catch {
    return maskWords(value);
  }
}

/** Long identifiers: the start and the end. */
export function maskIdentifier(value: string): string {
  if (value.length <= 8) return maskSerial(value);
  return `${value.slice(0, 4)}${DOT.repeat(4)}${value.slice(-4)}`;
}

export function truncate(value: string, max = 80): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "2010:12:12 12:41:35" → "2010-12-12 12:41:35". */
export function displayTime(value: string, timeZone?: string): string {
  const m = EXIF_DATE.exec(value);
  const text = m ? `${m[1]}-${m[2]}-${m[3]}${m[4]}` : value;
  return timeZone ? `${text} ${timeZone === 'Z' ? 'UTC' : `UTC${timeZone}`}` : text;
}
