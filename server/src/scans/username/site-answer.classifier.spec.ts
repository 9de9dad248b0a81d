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

    it('is a hit on whatever code the entry names, a 5xx included, with its marker', () => {
      const s = site({ eCode: 500, eString: 'Post temporarily unavailable', mCode: 200, mString: 'User not found' });
      expect(classifyAnswer(s, answer(500, 'Post temporarily unavailable')).outcome).toBe('hit');
      expect(classifyAnswer(s, answer(500, 'Internal error')).outcome).toBe('unknown');
      expect(classifyAnswer(s, answer(200, 'User not found')).outcome).toBe('miss');
    });
  });

  describe('m_code and m_string', () => {
    it('is a miss on m_code when the entry gives no m_string', () => {
      expect(classifyAnswer(site(), answer(404, 'gone'))).toEqual({ outcome: 'miss', reason: 'HTTP 404 (a missing account)' });
    });

    it('without m_string, a page at m_code that shows the profile marker or a captcha is unknown, not a miss', () => {
      const s = site({ mCode: 404 });
      expect(classifyAnswer(s, answer(404, '<div class="profile-card">Jane</div>'))).toEqual({
        outcome: 'unknown',
        reason: 'HTTP 404 (the missing-account code), but the page shows the profile marker',
      });
      expect(classifyAnswer(s, answer(404, '<div class="g-recaptcha"></div>'))).toEqual({ outcome: 'unknown', reason: 'HTTP 404 (the missing-account code) with a captcha on the page' });
      expect(classifyAnswer(s, answer(404, '<p>No such page</p>')).outcome).toBe('miss');
    });

    it('needs both m_code and m_string when the entry gives both', () => {
      const s = site({ mCode: 404, mString: 'User not found' });
      expect(classifyAnswer(s, answer(404, '<p>User not found</p>'))).toEqual({ outcome: 'miss', reason: 'HTTP 404 and the missing-account marker' });
      expect(classifyAnswer(s, answer(404, '<p>Page moved</p>'))).toEqual({ outcome: 'unknown', reason: 'HTTP 404 without the missing-account marker' });
      expect(classifyAnswer(s, answer(410, '<p>User not found</p>'))).toEqual({ outcome: 'unknown', reason: 'the missing-account marker, but HTTP 410 instead of 404' });
    });

    it('is a miss on the 200-for-every-name page only with its marker', () => {
      const s = site({ mCode: 200, mString: 'User not found' });
      expect(classifyAnswer(s, answer(200, '<p>User not found</p>'))).toEqual({ outcome: 'miss', reason: 'HTTP 200 and the missing-account marker' });
      expect(classifyAnswer(s, answer(200, '<h1>Welcome</h1>'))).toEqual({ outcome: 'unknown', reason: 'HTTP 200 without the profile or the missing-account marker' });
    });

    it('lets the code decide when m_code equals e_code, the entry gives no m_string and the existence marker is absent', () => {
      const s = site({ mCode: 200 });
      expect(classifyAnswer(s, answer(200, '[]')).outcome).toBe('miss');
      expect(classifyAnswer(s, answer(200, '<div class="profile-card">')).outcome).toBe('hit');
    });
  });

  describe('redirects (never followed: the 3xx is the answer)', () => {
    it('is a miss when the site signals a missing account with a redirect, and says where to', () => {
      const s = site({ mCode: 302 });
      expect(classifyAnswer(s, answer(302, '', { location: '/login?next=%2Fjane' }))).toEqual({ outcome: 'miss', reason: 'redirect to /login (a missing account)' });
      expect(classifyAnswer(s, answer(302, '', { location: 'https://accounts.example/signin' })).reason).toBe('redirect to accounts.example/signin (a missing account)');
      const marked = site({ mCode: 302, mString: 'Plz Visit' });
      expect(classifyAnswer(marked, answer(302, 'Plz Visit', { location: '/' }))).toEqual({ outcome: 'miss', reason: 'redirect to / with the missing-account marker' });
      expect(classifyAnswer(marked, answer(302, '', { location: '/' })).outcome).toBe('unknown');
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

  describe('answers that are not the site speaking are never a miss', () => {
    it('is unknown on 429, even when the entry names 429 as its missing code', () => {
      expect(classifyAnswer(site(), answer(429, 'slow down'))).toEqual({ outcome: 'unknown', reason: 'rate limited (HTTP 429)' });
      expect(classifyAnswer(site({ mCode: 429 }), answer(429, '')).outcome).toBe('unknown');
    });

    it.each([
      [403, '<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script>'],
      [503, '<title>Attention Required!</title> please complete the captcha'],
      [403, '<div id="px-captcha"></div>'],
      [200, '<html><title>Just a moment...</title></html>'],
      [200, '<script>window._cf_chl_opt={cvId: "3"}</script>'],
    ])('is unknown for a bot wall (HTTP %i with a challenge page)', (status, body) => {
      expect(classifyAnswer(site({ mCode: 200 }), answer(status, body))).toEqual({ outcome: 'unknown', reason: `bot wall (HTTP ${status} with a challenge page)` });
    });

    it("does not take Cloudflare's script on an ordinary page for a wall", () => {
      expect(classifyAnswer(site(), answer(404, '<p>No such page</p><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>')).outcome).toBe('miss');
    });

    it('is unknown on 403, whatever the entry says and whatever the page holds', () => {
      expect(classifyAnswer(site({ mCode: 403 }), answer(403, 'Access denied. Are you a robot?')).outcome).toBe('unknown');
      expect(classifyAnswer(site({ mCode: 403 }), answer(403, 'Forbidden'))).toEqual({ outcome: 'unknown', reason: 'the site refused the request (HTTP 403)' });
      expect(classifyAnswer(site({ mCode: 403, mString: 'No such user' }), answer(403, 'No such user')).outcome).toBe('unknown');
    });

    it('is unknown on a 5xx, even one holding the missing-account phrase or naming the entry’s missing code', () => {
      const s = site({ mCode: 404, mString: 'User not found' });
      expect(classifyAnswer(s, answer(500, '<h1>User not found</h1>'))).toEqual({ outcome: 'unknown', reason: 'the site had an error (HTTP 500)' });
      expect(classifyAnswer(site({ mCode: 500 }), answer(500, ''))).toEqual({ outcome: 'unknown', reason: 'the site had an error (HTTP 500)' });
      expect(classifyAnswer(site({ mCode: 503 }), answer(503, 'Service Unavailable')).outcome).toBe('unknown');
    });

    it('is unknown for a cookie-consent wall, as a redirect or as the page', () => {
      const s = site({ mCode: 302 });
      expect(classifyAnswer(s, answer(302, '', { location: 'https://consent.people.example/m?continue=%2Fjane' }))).toEqual({
        outcome: 'unknown',
        reason: 'cookie-consent wall instead of the page (HTTP 302)',
      });
      expect(classifyAnswer(s, answer(302, '', { location: 'https://guce.people.example/collectConsent?sessionId=1' })).outcome).toBe('unknown');
      expect(classifyAnswer(s, answer(302, '', { location: '/consent?next=%2Fjane' })).outcome).toBe('unknown');
      const shared = site({ mCode: 200 });
      expect(classifyAnswer(shared, answer(200, '<title>Before you continue to People</title><form action="https://consent.people.example/save">')).outcome).toBe('unknown');
    });

    it('is unknown when the page was cut off before the existence marker could be seen', () => {
      const s = site({ mCode: 200 });
      expect(classifyAnswer(s, answer(200, 'x'.repeat(100), { truncated: true }))).toEqual({
        outcome: 'unknown',
        reason: 'HTTP 200, but the page was cut off before the profile marker',
      });
    });

    it('is unknown for an unexpected code', () => {
      expect(classifyAnswer(site(), answer(401, 'Sign in'))).toEqual({ outcome: 'unknown', reason: 'unexpected answer (HTTP 401)' });
    });
  });

  // Every entry shape of the format against its genuine answers and the answers that are not the
  // site's word on the account: the genuine ones classify right, the others are never a miss or a hit.
  describe('against perturbed answers', () => {
    const shapes: Record<string, Partial<UsernameSite>> = {
      'codes differ, no m_string': { mCode: 404 },
      'codes differ, m_string': { mCode: 404, mString: 'No such user' },
      'shared code, m_string': { mCode: 200, mString: 'No such user' },
      'shared code, no m_string': { mCode: 200 },
      'redirect, no m_string': { mCode: 302 },
      'redirect, m_string': { mCode: 301, mString: 'moved' },
    };
    const genuine = (s: UsernameSite): [SiteAnswer, 'hit' | 'miss'][] => [
      [answer(s.eCode, '<div class="profile-card">Jane</div>'), 'hit'],
      [answer(s.mCode, s.mString || 'gone', s.mCode >= 300 && s.mCode < 400 ? { location: '/login' } : {}), 'miss'],
    ];
    const perturbed = (s: UsernameSite): SiteAnswer[] => [
      answer(500, s.mString || 'gone'),
      answer(502, ''),
      answer(503, `<title>Service Unavailable</title>${s.mString}`),
      answer(429, s.mString),
      answer(403, s.mString || 'Forbidden'),
      answer(403, '<title>Just a moment...</title>'),
      answer(200, '<title>Just a moment...</title><div class="cf-chl-widget"></div>'),
      answer(302, '', { location: 'https://consent.people.example/?continue=jane' }),
      answer(200, '<title>Before you continue to People</title>'),
      answer(s.eCode, 'x'.repeat(50), { truncated: true }),
      ...(s.mString !== '' ? [answer(s.mCode, '<html>neutral</html>', s.mCode >= 300 && s.mCode < 400 ? { location: '/login' } : {})] : []),
    ];

    it.each(Object.entries(shapes))('%s', (_, overrides) => {
      const s = site(overrides);
      for (const [a, expected] of genuine(s)) expect([a.status, classifyAnswer(s, a).outcome]).toEqual([a.status, expected]);
      for (const a of perturbed(s)) expect([a.status, a.body.slice(0, 40), classifyAnswer(s, a).outcome]).toEqual([a.status, a.body.slice(0, 40), 'unknown']);
    });
  });
});
