import { classifyAnswer, SiteAnswer } from './site-answer.classifier';
import { testSite } from './username-site.test-helpers';
import type { UsernameSite } from './username-site.types';

const site = (overrides: Partial<UsernameSite> = {}): UsernameSite =>
  testSite('Example', { uriCheck: 'https://people.example/{account}', eString: 'class="profile-card"', ...overrides });

const answer = (status: number, body = '', extra: Partial<SiteAnswer> = {}): SiteAnswer => ({
  status,
  body,
  truncated: false,
  url: 'https://people.example/jane',
  ...extra,
});

describe('classifyAnswer', () => {
  describe('e_code and e_string', () => {
    it('is a hit when the code matches and the marker is in the body', () => {
      expect(classifyAnswer(site(), answer(200, '<div class="profile-card">Jane</div>'))).toEqual({ outcome: 'hit', reason: 'HTTP 200 and the profile marker' });
    });

    it('is no hit when the code matches without the marker (a catch-all page)', () => {
      expect(classifyAnswer(site(), answer(200, '<h1>Welcome</h1>'))).toEqual({ outcome: 'unknown', reason: 'HTTP 200 without the profile marker' });
    });

    it('is no hit when the marker comes with another code', () => {
      expect(classifyAnswer(site(), answer(500, '<div class="profile-card">cached</div>')).outcome).toBe('unknown');
    });
  });

  describe('m_code and m_string', () => {
    it('is a miss on m_code', () => {
      expect(classifyAnswer(site(), answer(404, 'gone'))).toEqual({ outcome: 'miss', reason: 'HTTP 404 (a missing account)' });
    });

    it('is a miss on m_string, whatever the code: the 200-for-every-name trap', () => {
      const s = site({ mCode: 200, mString: 'User not found' });
      expect(classifyAnswer(s, answer(200, '<p>User not found</p>'))).toEqual({ outcome: 'miss', reason: 'HTTP 200 and the missing-account marker' });
      expect(classifyAnswer(s, answer(410, '<p>User not found</p>')).outcome).toBe('miss');
    });

    it('lets the code decide when m_code equals e_code and the existence marker is absent', () => {
      const s = site({ mCode: 200 });
      expect(classifyAnswer(s, answer(200, '[]')).outcome).toBe('miss');
      expect(classifyAnswer(s, answer(200, '<div class="profile-card">')).outcome).toBe('hit');
    });

    it('is unknown when the shared code comes without either marker (a consent page, a redesign)', () => {
      const s = site({ mCode: 200, mString: 'User not found' });
      expect(classifyAnswer(s, answer(200, '<h1>Before you continue</h1>'))).toEqual({ outcome: 'unknown', reason: 'HTTP 200 without the profile marker' });
    });
  });

  describe('redirects (never followed: the 3xx is the answer)', () => {
    it('is a miss when the site signals a missing account with a redirect, and says where to', () => {
      const s = site({ mCode: 302 });
      expect(classifyAnswer(s, answer(302, '', { location: '/login?next=%2Fjane' }))).toEqual({ outcome: 'miss', reason: 'redirect to /login (a missing account)' });
      expect(classifyAnswer(s, answer(302, '', { location: 'https://accounts.example/signin' })).reason).toBe('redirect to accounts.example/signin (a missing account)');
    });

    it('is unknown for a redirect the site does not use for missing accounts', () => {
      expect(classifyAnswer(site(), answer(301, '', { location: '/Jane' }))).toEqual({ outcome: 'unknown', reason: 'unexpected redirect to /Jane (HTTP 301)' });
      expect(classifyAnswer(site(), answer(307)).reason).toBe('unexpected redirect to nowhere (no Location header) (HTTP 307)');
    });

    it('can be a hit on a 3xx e_code only with the marker', () => {
      const s = site({ eCode: 301, eString: 'Moved to profile' });
      expect(classifyAnswer(s, answer(301, 'Moved to profile', { location: '/p/jane' })).outcome).toBe('hit');
      expect(classifyAnswer(s, answer(301, '', { location: '/p/jane' })).outcome).toBe('unknown');
    });
  });

  describe('answers that are not the site speaking', () => {
    it('is unknown on 429, even when 429 is not listed anywhere', () => {
      expect(classifyAnswer(site(), answer(429, 'slow down'))).toEqual({ outcome: 'unknown', reason: 'rate limited (HTTP 429)' });
    });

    it.each([
      [403, '<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script>'],
      [503, '<title>Attention Required!</title> please complete the captcha'],
      [403, '<div id="px-captcha"></div>'],
      [200, '<html><title>Just a moment...</title></html>'],
    ])('is unknown for a bot wall (HTTP %i with a challenge page)', (status, body) => {
      expect(classifyAnswer(site({ mCode: 200 }), answer(status, body))).toEqual({ outcome: 'unknown', reason: `bot wall (HTTP ${status} with a challenge page)` });
    });

    it('is not fooled into a miss by a challenge page on the missing-account code', () => {
      expect(classifyAnswer(site({ mCode: 403 }), answer(403, 'Access denied. Are you a robot?')).outcome).toBe('unknown');
      expect(classifyAnswer(site({ mCode: 403 }), answer(403, 'Forbidden')).outcome).toBe('miss');
    });

    it('is unknown when the page was cut off before the existence marker could be seen', () => {
      const s = site({ mCode: 200 });
      expect(classifyAnswer(s, answer(200, 'x'.repeat(100), { truncated: true }))).toEqual({
        outcome: 'unknown',
        reason: 'HTTP 200, but the page was cut off before the profile marker',
      });
    });

    it('is unknown for a refusal or an unexpected code', () => {
      expect(classifyAnswer(site(), answer(403, 'Forbidden'))).toEqual({ outcome: 'unknown', reason: 'the site refused the request (HTTP 403)' });
      expect(classifyAnswer(site(), answer(500, 'oops'))).toEqual({ outcome: 'unknown', reason: 'unexpected answer (HTTP 500)' });
    });
  });
});
