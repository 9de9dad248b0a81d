import '../test-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { applyColorMode, COLOR_MODE_KEY, currentColorMode, useColorMode, watchColorMode } from './color-mode';

/** A controllable `prefers-color-scheme: dark`. */
let systemDark = false;
const listeners = new Set<() => void>();
function setSystemDark(dark: boolean) {
  systemDark = dark;
  for (const listener of listeners) listener();
}

beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') && systemDark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  watchColorMode();
});

beforeEach(() => {
  window.localStorage.clear();
  setSystemDark(false);
  applyColorMode();
});

const root = () => document.documentElement;

function Toggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <button type="button" onClick={toggleColorMode}>
      {colorMode}
    </button>
  );
}

describe('colour mode', () => {
  it('follows the system while nothing is chosen, also when the system changes', () => {
    expect(currentColorMode()).toBe('light');
    expect(root().classList.contains('dark')).toBe(false);
    act(() => setSystemDark(true));
    expect(root().classList.contains('dark')).toBe(true);
    expect(root().style.colorScheme).toBe('dark');
    act(() => setSystemDark(false));
    expect(root().classList.contains('light')).toBe(true);
  });

  it('remembers a choice that differs from the system, and forgets it when it matches again', () => {
    render(<Toggle />);
    expect(screen.getByRole('button').textContent).toBe('light');

    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(root().classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem(COLOR_MODE_KEY)).toBe('dark');

    // The remembered choice wins over the system...
    act(() => setSystemDark(false));
    expect(root().classList.contains('dark')).toBe(true);

    // ...until it is the system's mode again: then the system decides once more.
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('light');
    expect(window.localStorage.getItem(COLOR_MODE_KEY)).toBeNull();
    act(() => setSystemDark(true));
    expect(screen.getByRole('button').textContent).toBe('dark');
  });

  it('takes a choice made in another tab', () => {
    render(<Toggle />);
    act(() => {
      window.localStorage.setItem(COLOR_MODE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_KEY }));
    });
    expect(screen.getByRole('button').textContent).toBe('dark');
  });
});
