import { parseTrackerList } from './tracker-list.parser';
import { THIRD_PARTY_WEB_CREDIT, trackerListCredit } from './tracker-list.credit';

// Entities written here in third-party-web's published shape (invented names and domains).
describe('parseTrackerList', () => {
  it('keeps the tracking categories, mapped onto ours, with the name as company when the entity has none', () => {
    const parsed = parseTrackerList([
      { name: 'Quill Ads', category: 'ad', domains: ['*.quill-ads.example'] },
      { name: 'Lantern Metrics', company: 'Lantern Data Co', category: 'analytics', domains: ['*.Lantern-Metrics.example', 'collect.lantern-data.example.'] },
      { name: 'Tag Box', category: 'tag-manager', domains: ['tags.tagbox.example'] },
      { name: 'Mail Loop', category: 'marketing', domains: ['*.mailloop.example'] },
      { name: 'Harbour', category: 'consent-provider', domains: ['*.harbour.example'] },
      { name: 'Old CMP', category: 'cmp', domains: ['*.oldcmp.example'] },
      { name: 'Chatter', category: 'social', domains: ['*.chatter.example'] },
    ]);
    expect(parsed?.trackers.map((t) => [t.name, t.company, t.category, t.domains.join(' ')])).toEqual([
      ['Quill Ads', 'Quill Ads', 'advertising', '*.quill-ads.example'],
      ['Lantern Metrics', 'Lantern Data Co', 'analytics', '*.lantern-metrics.example collect.lantern-data.example'],
      ['Tag Box', 'Tag Box', 'tag manager', 'tags.tagbox.example'],
      ['Mail Loop', 'Mail Loop', 'marketing automation', '*.mailloop.example'],
      ['Harbour', 'Harbour', 'consent', '*.harbour.example'],
      ['Old CMP', 'Old CMP', 'consent', '*.oldcmp.example'],
      ['Chatter', 'Chatter', 'social', '*.chatter.example'],
    ]);
  });

  it('leaves out what is not tracking and drops what it cannot use', () => {
    const parsed = parseTrackerList([
      ...['cdn', 'hosting', 'video', 'utility', 'content', 'customer-success', 'other'].map((category) => ({ name: category, category, domains: [`*.${category}.example`] })),
      { name: 'Suffix and address only', category: 'ad', domains: ['*.co.uk', '192.0.2.7', 'localhost'] },
      { name: '', category: 'ad', domains: ['*.nameless.example'] },
      { category: 'ad', domains: ['*.no-name.example'] },
      { name: 'No category', domains: ['*.uncategorised.example'] },
      'not an entity',
      { name: 'First', category: 'ad', domains: ['*.shared.example'] },
      { name: 'Second claims the same domain', category: 'analytics', domains: ['*.shared.example'] },
      // The project's source data has a list of categories: the first one counts.
      { name: 'Source shape', categories: ['analytics'], domains: ['*.source-shape.example'] },
    ]);
    expect(parsed).toEqual({
      trackers: [
        { name: 'First', company: 'First', category: 'advertising', domains: ['*.shared.example'] },
        { name: 'Source shape', company: 'Source shape', category: 'analytics', domains: ['*.source-shape.example'] },
      ],
      dropped: 6,
      notTrackers: 7,
    });
  });

  it('answers undefined for a document that is no list', () => {
    expect(parseTrackerList({ entities: [] })).toBeUndefined();
    expect(parseTrackerList(undefined)).toBeUndefined();
  });
});

describe('trackerListCredit', () => {
  it('credits third-party-web for its published file and copies of it, else the host', () => {
    expect(trackerListCredit('https://cdn.jsdelivr.net/npm/third-party-web/dist/entities.json')).toBe(THIRD_PARTY_WEB_CREDIT);
    expect(trackerListCredit('https://unpkg.com/third-party-web@0.30.0/dist/entities.json')).toBe(THIRD_PARTY_WEB_CREDIT);
    expect(trackerListCredit('https://mirror.example/lists/entities.json')).toEqual({ name: 'mirror.example', url: 'https://mirror.example/lists/entities.json' });
  });
});
