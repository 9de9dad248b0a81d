/**
 * Every 429 of this server carries Retry-After (seconds). People read the wait in the message
 * instead of "try again later": the api client's middleware puts it there (client.ts).
 */

/** Retry-After as whole seconds (delta-seconds or an HTTP date); undefined when absent or nonsense. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = /[A-Za-z]{3}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "30 seconds", "4 minutes", "2 hours", "3 days": rounded up, so waiting that long is enough. */
export function waitText(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, seconds), 'second');
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), 'minute');
  if (seconds < 2 * 86_400) return plural(Math.ceil(seconds / 3600), 'hour');
  return plural(Math.ceil(seconds / 86_400), 'day');
}

/** A vague "try again" of the message becomes the wait; a message without one gets it added. */
export function withWait(message: string, seconds: number): string {
  const wait = waitText(seconds);
  if (/try again in \d/i.test(message)) return message;
  const vague = /(try again) (later|soon|in a (few|little) (minutes?|while)|in an hour)/i;
  if (vague.test(message)) return message.replace(vague, `$1 in ${wait}`);
  return `${message.trimEnd()} Try again in ${wait}.`;
}
