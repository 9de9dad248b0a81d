import '../test-setup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import { Header } from './Header';

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function header() {
  return document.querySelector('header')!;
}

afterEach(() => setScrollY(0));

describe('Header scroll state', () => {
  it('is transparent at the top and opaque once scrolled more than 20 px', () => {
    setScrollY(0);
    renderWithProviders(<Header />);
    expect(header().getAttribute('data-scrolled')).toBe('false');

    setScrollY(20);
    expect(header().getAttribute('data-scrolled')).toBe('false');

    setScrollY(21);
    expect(header().getAttribute('data-scrolled')).toBe('true');

    setScrollY(5);
    expect(header().getAttribute('data-scrolled')).toBe('false');
  });

  it('starts opaque when the page is already scrolled', () => {
    setScrollY(300);
    renderWithProviders(<Header />);
    expect(header().getAttribute('data-scrolled')).toBe('true');
  });
});

describe('Header links', () => {
  it('shows Home, Features, Education, About and the login button when signed out', () => {
    renderWithProviders(<Header />, { auth: signedOut });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Features', '/features'],
      ['Education', '/education'],
      ['About', '/about'],
    ]);
    expect(screen.getByRole('link', { name: 'Protect My Privacy' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Account/ })).toBeNull();
  });

  it('shows Dashboard, History, Requests, the account chip and Sign Out when signed in', () => {
    renderWithProviders(<Header />, { auth: signedIn({ email: 'alice@example.com' }) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['History', '/history'],
      ['Requests', '/requests'],
      ['Features', '/features'],
      ['Education', '/education'],
      ['About', '/about'],
    ]);
    const chip = screen.getByRole('link', { name: 'Account: alice' });
    expect(chip.getAttribute('href')).toBe('/account');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Protect My Privacy' })).toBeNull();
  });

  it('labels the chip User when the email has no local part', () => {
    renderWithProviders(<Header />, { auth: signedIn({ email: '' }) });
    expect(screen.getByRole('link', { name: 'Account: User' }).getAttribute('href')).toBe('/account');
  });

  it('signs out with the icon button', async () => {
    const signOut = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(<Header />, { auth: signedIn(), signOut });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe('Header mobile menu', () => {
  it('opens and closes, offering Home, Features and About (no Education) and the login button', () => {
    renderWithProviders(<Header />, { auth: signedOut });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Features',
      'About',
      'Protect My Privacy',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('offers Dashboard, History, Requests, the account link and Sign Out when signed in, and closes on navigation', () => {
    renderWithProviders(<Header />, { auth: signedIn() });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/history',
      '/requests',
      '/features',
      '/about',
      '/account',
    ]);
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeTruthy();

    fireEvent.click(within(menu).getByRole('link', { name: 'Features' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Header while the session is checked', () => {
  it('keeps the signed-in layout with a placeholder chip, so nothing moves when the check answers', () => {
    renderWithProviders(<Header />, { auth: { status: 'loading', user: undefined } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link')[0].textContent).toBe('Dashboard');
    expect(screen.queryByRole('link', { name: 'Protect My Privacy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(document.querySelector('header .sh-chip-skeleton[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('Header colour mode', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.classList.remove('dark', 'light');
  });

  it('switches between light and dark and says which way it goes', () => {
    renderWithProviders(<Header />, { auth: signedOut });
    const [toggle] = screen.getAllByRole('button', { name: 'Switch to dark mode' });
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Switch to light mode' })).toHaveLength(2); // desktop and mobile
    fireEvent.click(screen.getAllByRole('button', { name: 'Switch to light mode' })[0]);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
