/**
 * jsdom lacks a few browser APIs that Chakra UI (Ark/Zag) and our components use. Import this file
 * first in every client spec.
 */
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// findBy* and waitFor give up after 1 s by default. A lazily loaded page can take longer on a
// loaded machine (the report page did once in CI, still on its loading state); a real failure
// still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
    (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  if (!('IntersectionObserver' in window)) {
    class IntersectionObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = IntersectionObserverStub;
  }
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

/**
 * The theme carries only the recipes of the components the app uses (theme/theme-config.ts), and a
 * component whose recipe is missing renders unstyled without a word: fail the test instead.
 */
{
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const system = (require('./theme/system') as typeof import('./theme/system')).appSystem();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { defaultSystem } = require('@chakra-ui/react') as typeof import('@chakra-ui/react');
  // Some components ask for a recipe Chakra's own theme lacks too (Text asks for 'text').
  const missing = new Set<string>();
  const { getRecipeFn, getSlotRecipeFn } = system;
  system.getRecipeFn = (key, fallback) => {
    if (!system.isRecipe(key) && defaultSystem.isRecipe(key)) missing.add(key);
    return getRecipeFn(key, fallback);
  };
  system.getSlotRecipeFn = (key, fallback) => {
    if (!system.isSlotRecipe(key) && defaultSystem.isSlotRecipe(key)) missing.add(key);
    return getSlotRecipeFn(key, fallback);
  };
  afterEach(() => {
    if (missing.size === 0) return;
    const keys = [...missing].join(', ');
    missing.clear();
    throw new Error(`Chakra recipes used but not in client/src/theme/theme-config.ts: ${keys}`);
  });
}
