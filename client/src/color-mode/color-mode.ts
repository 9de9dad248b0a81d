import { useCallback, useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/** The browser's own choice, kept only when it differs from the system's (else the system decides). */
export const COLOR_MODE_KEY = 'footprint.colorMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedChoice(): ColorMode | undefined {
  try {
    const value = window.localStorage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined; // storage blocked
  }
}

export function systemColorMode(): ColorMode {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The mode in effect: the browser's remembered choice, else the system's. */
export function currentColorMode(): ColorMode {
  return storedChoice() ?? systemColorMode();
}

/** Chakra's dark styles apply under `.dark`; `color-scheme` gives scrollbars and form controls the same mode. */
export function applyColorMode(mode: ColorMode = currentColorMode()) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

const listeners = new Set<() => void>();
function changed() {
  applyColorMode();
  for (const listener of listeners) listener();
}

/** Chooses a mode: remembered when it differs from the system's, forgotten (follow the system) when not. */
export function setColorMode(mode: ColorMode) {
  try {
    if (mode === systemColorMode()) window.localStorage.removeItem(COLOR_MODE_KEY);
    else window.localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // storage blocked: the choice lasts for this page only
    applyColorMode(mode);
    for (const listener of listeners) listener();
    return;
  }
  changed();
}

let watching = false;
/** Follows the system's mode as it changes, and choices made in other tabs. Call once at start. */
export function watchColorMode() {
  if (watching) return;
  watching = true;
  window.matchMedia?.(DARK_QUERY).addEventListener?.('change', changed);
  window.addEventListener('storage', (event) => {
    if (event.key === COLOR_MODE_KEY || event.key === null) changed();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const modeOnPage = (): ColorMode => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** The mode on the page and a toggle between light and dark. */
export function useColorMode(): { colorMode: ColorMode; toggleColorMode: () => void } {
  const colorMode = useSyncExternalStore(subscribe, modeOnPage, () => 'light' as ColorMode);
  const toggleColorMode = useCallback(() => setColorMode(modeOnPage() === 'dark' ? 'light' : 'dark'), []);
  return { colorMode, toggleColorMode };
}
