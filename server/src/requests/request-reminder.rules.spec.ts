import { remindersOf } from './request-reminder.rules';

const row = (id: string, status: 'draft' | 'sent' | 'overdue' | 'answered', dueOn: string | null) => ({ id, organisationName: `Org ${id}`, status, dueOn });

describe('remindersOf', () => {
  it('reminds of overdue requests first, then those due within the window, across a month end', () => {
    const reminders = remindersOf(
      [
        row('later', 'sent', '2026-02-04'),
        row('soon', 'sent', '2026-02-03'),
        row('today', 'sent', '2026-01-31'),
        row('past', 'sent', '2026-01-30'),
        row('marked', 'overdue', '2026-01-10'),
        row('draft', 'draft', null),
        row('answered', 'answered', '2026-01-20'),
      ],
      '2026-01-31',
      3,
    );
    expect(reminders.map((r) => [r.id, r.reminder])).toEqual([
      ['marked', 'due'],
      ['past', 'due'],
      ['today', 'soon'],
      ['soon', 'soon'],
    ]);
    expect(reminders[0]).toEqual({ id: 'marked', organisationName: 'Org marked', dueOn: '2026-01-10', reminder: 'due' });
  });

  it('has nothing to say when nothing is waiting', () => {
    expect(remindersOf([row('a', 'answered', '2026-01-01'), row('b', 'draft', null)], '2026-03-01', 3)).toEqual([]);
  });
});
