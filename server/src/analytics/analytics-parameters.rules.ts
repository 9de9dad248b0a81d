import {
  AnalyticsEventName,
  COMMON_PARAMETERS,
  EVENT_PARAMETERS,
  IGNORED_PARAMETERS,
  MAX_PARAMETERS_BYTES,
  MAX_URL_LENGTH,
  ParameterRule,
} from './analytics-event.catalogue';
import { maskPersonalText } from '../common/logging/personal-text.util';

export type StoredParameters = Record<string, string | number>;

/** A parameter the catalogue does not allow, or a value that breaks its rule (answered as 400). */
export class AnalyticsParameterError extends Error {}

const LABEL = /^[A-Za-z0-9_.:/-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An http(s) URL without its query string and fragment (they can carry personal data). */
export function stripQuery(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.origin}${url.pathname}`;
}

function check(name: string, rule: ParameterRule, value: unknown): string | number {
  const fail = (why: string): never => {
    throw new AnalyticsParameterError(`Parameter '${name}' ${why}`);
  };
  switch (rule.kind) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < rule.min || value > rule.max) {
        fail(`must be a number between ${rule.min} and ${rule.max}`);
      }
      return Math.round(value as number);
    }
    case 'enum':
      if (typeof value !== 'string' || !rule.values.includes(value)) fail(`must be one of ${rule.values.join(', ')}`);
      return value as string;
    case 'label':
      if (typeof value !== 'string' || value.length > rule.maxLength || !LABEL.test(value)) {
        fail(`must be a short label (at most ${rule.maxLength} letters, digits or _ . : / -)`);
      }
      return value as string;
    case 'text':
      if (typeof value !== 'string') fail('must be text');
      if ((value as string).length > rule.maxLength) fail(`must be at most ${rule.maxLength} characters`);
      return rule.mask ? maskPersonalText(value as string) : (value as string);
    case 'uuid':
      if (typeof value !== 'string' || !UUID.test(value)) fail('must be a scan id (UUID)');
      return (value as string).toLowerCase();
    case 'url': {
      if (typeof value !== 'string') fail('must be an http(s) URL');
      if ((value as string).length > MAX_URL_LENGTH) fail(`must be at most ${MAX_URL_LENGTH} characters`);
      return stripQuery(value as string) ?? fail('must be an http(s) URL');
    }
    case 'timestamp': {
      if (typeof value !== 'string' || value.length > 40 || Number.isNaN(Date.parse(value))) fail('must be an ISO 8601 date and time');
      return new Date(value as string).toISOString();
    }
  }
}

/**
 * The parameters of one event as they may be stored: only the event's own fields and the common
 * ones, each checked and capped; empty values dropped; the body's userId dropped. Throws
 * AnalyticsParameterError naming the first problem.
 */
export function sanitizeParameters(event: AnalyticsEventName, parameters: Record<string, unknown> = {}): StoredParameters {
  const rules = { ...COMMON_PARAMETERS, ...EVENT_PARAMETERS[event] };
  const stored: StoredParameters = {};
  for (const [name, value] of Object.entries(parameters)) {
    if ((IGNORED_PARAMETERS as readonly string[]).includes(name)) continue;
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) throw new AnalyticsParameterError(`Unknown parameter '${name}' for event '${event}'`);
    if (value === null || value === undefined || value === '') continue;
    stored[name] = check(name, rule, value);
  }
  if (Buffer.byteLength(JSON.stringify(stored)) > MAX_PARAMETERS_BYTES) {
    throw new AnalyticsParameterError(`The parameters must be at most ${MAX_PARAMETERS_BYTES} bytes`);
  }
  return stored;
}
