import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { GravatarProfile } from '../../server/src/scans/sources/source.types';
import { FakeAnswer, HttpFake } from './http-fake';

export type GravatarRoute = 'profile';

const sha256 = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Gravatar's REST API v3 on 127.0.0.1: `GET /v3/profiles/{sha256 of the address}` answers the
 * profiles registered with addProfile and 404 otherwise. With `apiKey` set, a request carrying a
 * different bearer token answers 401 (one with none is served, as public profiles are).
 */
export class FakeGravatar extends HttpFake<GravatarRoute> {
  apiKey?: string;
  private readonly profiles = new Map<string, GravatarProfile>();

  get apiUrl(): string {
    return `${this.baseUrl}/v3`;
  }

  /** The environment pointing the app's Gravatar source here. */
  get env(): Record<string, string> {
    return { GRAVATAR_API_URL: this.apiUrl, ...(this.apiKey ? { GRAVATAR_API_KEY: this.apiKey } : {}) };
  }

  /** Publishes a profile for the address; `hash` and `profile_url` are filled in. */
  addProfile(email: string, fields: Omit<Partial<GravatarProfile>, 'hash'> = {}): GravatarProfile {
    const hash = sha256(email);
    const profile: GravatarProfile = { hash, profile_url: `https://gravatar.example/${hash.slice(0, 12)}`, ...fields };
    this.profiles.set(hash, profile);
    return profile;
  }

  protected routeOf(method: string, url: URL): GravatarRoute | undefined {
    return method === 'GET' && /^\/v3\/profiles\/[^/]+$/.test(url.pathname) ? 'profile' : undefined;
  }

  protected override malformedBody(): string {
    return '{"display_name": "No hash here"}';
  }

  protected answer(_route: GravatarRoute, req: IncomingMessage, url: URL): FakeAnswer {
    const auth = req.headers.authorization;
    if (this.apiKey && auth !== undefined && auth !== `Bearer ${this.apiKey}`) {
      return { status: 401, headers: { 'content-type': 'application/json' }, body: '{"error":"Invalid API key","code":"invalid_api_key"}' };
    }
    const profile = this.profiles.get(url.pathname.slice('/v3/profiles/'.length).toLowerCase());
    if (!profile) return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"Profile not found","code":"profile_not_found"}' };
    return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(profile) };
  }
}
