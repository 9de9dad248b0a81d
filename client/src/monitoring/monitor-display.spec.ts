import { monitorDisplayState, nextRunText, withEntry } from './monitor-display';

const now = new Date('2031-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('monitorDisplayState', () => {
  it.each([
    ['paused when inactive, even with a past next run', { active: false, nextRunAt: at(-DAY) }, 'paused'],
    ['paused when inactive with a future next run', { active: false, nextRunAt: at(DAY) }, 'paused'],
    ['paused when inactive and unscheduled', { active: false, nextRunAt: null }, 'paused'],
    ['overdue one millisecond after the next run', { active: true, nextRunAt: at(-1) }, 'overdue'],
    ['active exactly at the next run (not yet past)', { active: true, nextRunAt: at(0) }, 'active'],
    ['active before the next run', { active: true, nextRunAt: at(HOUR) }, 'active'],
    ['active without a next run', { active: true, nextRunAt: null }, 'active'],
  ] as const)('%s', (_label, monitor, state) => {
    expect(monitorDisplayState(monitor, now)).toBe(state);
  });
});

describe('nextRunText', () => {
  it.each([
    ['absent', null, 'Not scheduled'],
    ['unparseable', 'soon', 'Not scheduled'],
    ['a millisecond past', at(-1), 'Overdue'],
    ['days past', at(-3 * DAY), 'Overdue'],
    ['now', at(0), 'In 1 hour'],
    ['10 minutes away', at(10 * MINUTE), 'In 1 hour'],
    ['exactly an hour away', at(HOUR), 'In 1 hour'],
    ['an hour and a minute away', at(HOUR + MINUTE), 'In 2 hours'],
    ['23 hours away', at(23 * HOUR), 'In 23 hours'],
    ['a millisecond under a day', at(DAY - 1), 'In 24 hours'],
    ['exactly a day away', at(DAY), 'In 1 day'],
    ['a day and 11 hours away', at(DAY + 11 * HOUR), 'In 1 day'],
    ['a day and 12 hours away', at(DAY + 12 * HOUR), 'In 2 days'],
    ['a week away, less a second (a new weekly monitor)', at(7 * DAY - 1000), 'In 7 days'],
    ['30 days away', at(30 * DAY), 'In 30 days'],
  ])('%s: %s', (_label, nextRunAt, text) => {
    expect(nextRunText(nextRunAt, now)).toBe(text);
  });
});

describe('withEntry', () => {
  it('adds a trimmed entry at the end', () => {
    expect(withEntry(['a@example.com'], '  b@example.com \t')).toEqual(['a@example.com', 'b@example.com']);
  });

  it('ignores empty and blank entries', () => {
    expect(withEntry(['@alice'], '')).toEqual(['@alice']);
    expect(withEntry(['@alice'], '   ')).toEqual(['@alice']);
  });

  it('ignores an entry already in the list, in any case (the server compares them lower-cased)', () => {
    expect(withEntry(['a@example.com'], ' a@example.com ')).toEqual(['a@example.com']);
    expect(withEntry(['a@example.com'], 'A@Example.COM')).toEqual(['a@example.com']);
    expect(withEntry(['@alice'], '@alice')).toEqual(['@alice']);
    expect(withEntry(['@alice'], ' @Alice')).toEqual(['@alice']);
  });

  it('does not change the list it was given', () => {
    const list = ['@alice'];
    expect(withEntry(list, '@bob')).toEqual(['@alice', '@bob']);
    expect(list).toEqual(['@alice']);
  });
});
