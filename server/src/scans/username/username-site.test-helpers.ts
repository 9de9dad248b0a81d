import type { UsernameSite } from './username-site.types';

/**
 * A site entry for the username specs: checked on `<name>.example` (lower case, letters and digits
 * only), an account answers 200 with `eString`, a missing one 404.
 */
export function testSite(name: string, overrides: Partial<UsernameSite> = {}): UsernameSite {
  return {
    name,
    uriCheck: `https://${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.example/{account}`,
    eCode: 200,
    eString: 'profile',
    mCode: 404,
    mString: '',
    category: 'social',
    profilePage: false,
    adult: false,
    ...overrides,
  };
}
