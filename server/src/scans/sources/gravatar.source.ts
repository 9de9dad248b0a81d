import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure, malformed, parseJson, sourceGet, statusFailure } from './source-http.util';
import type { GravatarProfile, SourceResult } from './source.types';

export const GRAVATAR_SERVICE = 'Gravatar';
export const GRAVATAR_OFF_MESSAGE = 'Gravatar is turned off on this server (GRAVATAR_ENABLED=false)';

/** Gravatar's key for an address: SHA-256 of the trimmed, lower-cased address. */
export function gravatarHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Gravatar REST API v3 (`GET /profiles/{sha256}`): the public profile of an address, if it has
 * one. Works without a key (with tighter limits); GRAVATAR_API_KEY is sent as a bearer token.
 * Only the profile fields we know are kept, each with its expected type.
 */
@Injectable()
export class GravatarSource {
  private readonly apiUrl: string;
  private readonly apiKey?: string;
  private readonly userAgent: string;
  private readonly enabled: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.enabled = config.sources.gravatar.enabled;
    this.apiUrl = config.sources.gravatar.apiUrl;
    this.apiKey = config.sources.gravatar.apiKey;
    this.userAgent = config.sources.userAgent;
  }

  /** The public profile, or null when the address has none. */
  async profile(email: string, signal: AbortSignal): Promise<SourceResult<GravatarProfile | null>> {
    if (!this.enabled) return failure('not_configured', GRAVATAR_OFF_MESSAGE);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    const answer = await sourceGet({
      service: GRAVATAR_SERVICE,
      url: `${this.apiUrl}/profiles/${gravatarHash(email)}`,
      userAgent: this.userAgent,
      signal,
      headers,
    });
    if (answer.status !== 'ok') return answer;
    const res = answer.data;
    if (res.status === 404) return { status: 'ok', data: null };
    if (res.status === 401 && !this.apiKey) {
      return failure('not_configured', 'Gravatar asks for an API key: add GRAVATAR_API_KEY to check profiles');
    }
    if (res.status !== 200) return statusFailure(GRAVATAR_SERVICE, res, 'check GRAVATAR_API_KEY');
    const parsed = parseJson(GRAVATAR_SERVICE, res.text);
    if (parsed.status !== 'ok') return parsed;
    const profile = toProfile(parsed.data);
    return profile ? { status: 'ok', data: profile } : malformed(GRAVATAR_SERVICE);
  }
}

const TEXT_FIELDS = [
  'display_name',
  'profile_url',
  'avatar_url',
  'avatar_alt_text',
  'location',
  'description',
  'job_title',
  'company',
  'pronunciation',
  'pronouns',
  'timezone',
  'first_name',
  'last_name',
] as const;
const CONTACT_FIELDS = ['home_phone', 'work_phone', 'cell_phone', 'email', 'contact_form', 'calendar'] as const;

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The fields of a profile we use, each only when it has the documented type; undefined without a hash. */
export function toProfile(value: unknown): GravatarProfile | undefined {
  if (!isObject(value) || typeof value.hash !== 'string' || value.hash === '') return undefined;
  const profile: GravatarProfile = { hash: value.hash };
  for (const field of TEXT_FIELDS) if (typeof value[field] === 'string') profile[field] = value[field];
  if (typeof value.is_organization === 'boolean') profile.is_organization = value.is_organization;

  const items = (field: string) => (Array.isArray(value[field]) ? (value[field] as unknown[]).filter(isObject) : undefined);
  const text = (item: Raw, key: string) => (typeof item[key] === 'string' ? (item[key] as string) : undefined);
  const accounts = items('verified_accounts');
  if (accounts) {
    profile.verified_accounts = accounts.map((a) => ({
      service_type: text(a, 'service_type'),
      service_label: text(a, 'service_label'),
      url: text(a, 'url'),
      is_hidden: typeof a.is_hidden === 'boolean' ? a.is_hidden : undefined,
    }));
  }
  const languages = items('languages');
  if (languages) profile.languages = languages.map((l) => ({ code: text(l, 'code'), name: text(l, 'name') }));
  const links = items('links');
  if (links) profile.links = links.map((l) => ({ label: text(l, 'label'), url: text(l, 'url') }));
  const interests = items('interests');
  if (interests) {
    profile.interests = interests.map((i) => ({ id: typeof i.id === 'number' ? i.id : undefined, name: text(i, 'name') }));
  }
  if (isObject(value.contact_info)) {
    const contact: NonNullable<GravatarProfile['contact_info']> = {};
    for (const field of CONTACT_FIELDS) {
      const v = value.contact_info[field];
      if (typeof v === 'string') contact[field] = v;
    }
    profile.contact_info = contact;
  }
  return profile;
}
