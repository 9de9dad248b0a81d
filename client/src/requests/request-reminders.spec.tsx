import '../test-setup';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { reminderCountText, RequestReminders } from './RequestReminders';

const reminder = (id: string, kind: 'soon' | 'due', dueOn: string) => ({ id, organisationName: `Org ${id}`, dueOn, reminder: kind });

describe('request reminders notice', () => {
  it('counts what is overdue and what is due soon, and links each to its request', () => {
    renderWithProviders(<RequestReminders reminders={[reminder('a', 'due', '2031-03-01'), reminder('b', 'soon', '2031-04-02'), reminder('c', 'soon', '2031-04-03')]} />);
    const notice = screen.getByTestId('request-reminders');
    expect(within(notice).getByText('3 requests need you: 1 overdue, 2 due within 3 days')).toBeTruthy();
    const items = within(notice).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-reminder'))).toEqual(['due', 'soon', 'soon']);
    expect(within(items[0]).getByRole('link', { name: 'Org a' }).getAttribute('href')).toBe('/requests?id=a');
    expect(items[0].textContent).toContain('had until 1 March 2031: send the follow-up, or the complaint to the regulator');
    expect(items[1].textContent).toContain('has until 2 April 2031 to answer');
  });

  it('says nothing when nothing is due', () => {
    renderWithProviders(<RequestReminders reminders={[]} />);
    expect(screen.queryByTestId('request-reminders')).toBeNull();
  });

  it('reads in the singular for one', () => {
    expect(reminderCountText([reminder('a', 'soon', '2031-04-02')])).toBe('1 request needs you: 1 due within 3 days');
  });
});
