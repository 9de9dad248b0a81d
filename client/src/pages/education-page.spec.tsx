import '../test-setup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { educationTopics } from '../content/education';
import { renderWithProviders } from '../test-utils';
import EducationPage from './EducationPage';

/** Lets any state sync a tabs component runs after mounting land. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const selectedTab = () => screen.getByRole('tab', { selected: true });
const openPanel = () => screen.getAllByRole('tabpanel').find((panel) => !panel.hidden)!;

describe('education page tabs', () => {
  it('shows the four topics as tabs, the first open, each panel named by its tab and holding its tips', async () => {
    renderWithProviders(<EducationPage />, { path: '/education' });
    await settle();
    const names = within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(names).toEqual(['Privacy Basics', 'Social Media Privacy', 'Security Best Practices', 'Data Protection']);
    expect(selectedTab().textContent).toBe('Privacy Basics');
    // Only the open tab is in the tab order.
    expect(within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);

    const panel = openPanel();
    expect(panel.getAttribute('aria-labelledby')).toBe(selectedTab().id);
    expect(selectedTab().getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('heading', { level: 2, name: 'Privacy Basics' })).toBeTruthy();
    for (const tip of educationTopics[0].tips) expect(within(panel).getByRole('heading', { level: 3, name: tip.title })).toBeTruthy();
    expect(['beginner', 'intermediate', 'advanced'].every((level) => within(panel).getByText(level))).toBe(true);
  });

  it('moves between topics with the arrow keys (wrapping), Home and End, and by click', async () => {
    renderWithProviders(<EducationPage />, { path: '/education' });
    await settle();
    const press = async (key: string) => {
      act(() => selectedTab().focus());
      fireEvent.keyDown(selectedTab(), { key });
      await settle();
    };

    await press('ArrowRight');
    expect(selectedTab().textContent).toBe('Social Media Privacy');
    expect(document.activeElement).toBe(selectedTab());
    expect(within(openPanel()).getByRole('heading', { level: 2, name: 'Social Media Privacy' })).toBeTruthy();

    await press('End');
    expect(selectedTab().textContent).toBe('Data Protection');
    await press('ArrowRight');
    expect(selectedTab().textContent).toBe('Privacy Basics');
    await press('ArrowLeft');
    expect(selectedTab().textContent).toBe('Data Protection');
    await press('Home');
    expect(selectedTab().textContent).toBe('Privacy Basics');

    fireEvent.click(screen.getByRole('tab', { name: 'Security Best Practices' }));
    await settle();
    expect(selectedTab().textContent).toBe('Security Best Practices');
    expect(within(openPanel()).getByRole('heading', { level: 2, name: 'Security Best Practices' })).toBeTruthy();
    expect(screen.getAllByRole('tabpanel', { hidden: true }).filter((panel) => !panel.hidden)).toHaveLength(1);
  });
});
