import { aliasesByBreach, DOMAIN_HIBP_MESSAGES, DomainWatchState, readDomainWatchState, stepDomainWatch } from './domain-watch.rules';

const NOW = new Date('2031-04-01T08:00:00.000Z');
const DOMAIN = 'acme.example';

describe('domain watch rules', () => {
  it('the first search is the silent starting point', () => {
    const step = stepDomainWatch(undefined, { status: 'ok', aliases: { alice: ['Adobe'], bob: ['Adobe', 'Canva'] } }, NOW, DOMAIN);
    expect(step).toEqual({
      baselined: true,
      changes: [],
      state: { version: 1, hibp: { status: 'ok', message: DOMAIN_HIBP_MESSAGES.ok(DOMAIN, 2), checkedAt: NOW.toISOString() }, aliases: { alice: ['Adobe'], bob: ['Adobe', 'Canva'] }, searchedAt: NOW.toISOString() },
    });
  });

  const previous: DomainWatchState = { version: 1, hibp: { status: 'ok', message: '', checkedAt: '' }, aliases: { alice: ['Adobe'], bob: ['Adobe', 'Canva'] }, searchedAt: '' };

  it.each([
    ['nothing new', { alice: ['Adobe'], bob: ['Adobe', 'Canva'] }, []],
    ['a new breach of two addresses', { alice: ['Adobe', 'Dropbox'], bob: ['Adobe', 'Canva'], carol: ['Dropbox'] }, [{ breach: 'Dropbox', newAliases: ['alice', 'carol'], before: 0 }]],
    ['a new address in a known breach', { alice: ['Adobe'], bob: ['Adobe', 'Canva'], dave: ['Canva'] }, [{ breach: 'Canva', newAliases: ['dave'], before: 1 }]],
    ['an address that left a breach is no news', { alice: ['Adobe'], bob: ['Adobe'] }, []],
    ['grouped by breach, the largest first', { alice: ['Adobe', 'Zoom'], bob: ['Adobe', 'Canva', 'Yelp', 'Zoom'], eve: ['Yelp', 'Zoom'] }, [
      { breach: 'Zoom', newAliases: ['alice', 'bob', 'eve'], before: 0 },
      { breach: 'Yelp', newAliases: ['bob', 'eve'], before: 0 },
    ]],
  ])('then: %s', (_what, aliases, changes) => {
    const step = stepDomainWatch(previous, { status: 'ok', aliases }, NOW, DOMAIN);
    expect(step.baselined).toBe(false);
    expect(step.changes).toEqual(changes);
    expect(step.state.aliases).toEqual(aliases);
  });

  it('a search that did not happen keeps the last answer and says why, comparing nothing', () => {
    const step = stepDomainWatch(previous, { status: 'subscription_too_small', message: 'too small' }, NOW, DOMAIN);
    expect(step).toEqual({ baselined: false, changes: [], state: { ...previous, hibp: { status: 'subscription_too_small', message: 'too small', checkedAt: NOW.toISOString() } } });
    // With no answer before, the next successful one is still the starting point.
    const first = stepDomainWatch(undefined, { status: 'not_verified', message: 'not verified' }, NOW, DOMAIN);
    expect(first.state.aliases).toBeUndefined();
    expect(stepDomainWatch(first.state, { status: 'ok', aliases: { alice: ['Adobe'] } }, NOW, DOMAIN).baselined).toBe(true);
  });

  it('reads only its own state', () => {
    expect(readDomainWatchState(previous)).toBe(previous);
    expect(readDomainWatchState({ version: 2 })).toBeUndefined();
    expect(readDomainWatchState(null)).toBeUndefined();
    expect(aliasesByBreach({ bob: ['Adobe'], alice: ['Adobe', 'Canva'] })).toEqual(new Map([['Adobe', ['alice', 'bob']], ['Canva', ['alice']]]));
  });
});
