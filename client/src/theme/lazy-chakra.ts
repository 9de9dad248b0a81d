import { type ComponentType, useSyncExternalStore } from 'react';

/*
 * Chakra's runtime (Emotion, the styling engine, the theme: theme/chakra-root.tsx) is about a third
 * of the app's code, more than the landing page's budget leaves once React and the router are in.
 * The landing page and the shell around every page (header, footer, skeletons, the error page) are
 * therefore plain elements with classes the build compiles from the same Chakra theme
 * (theme/shell-styles.ts); everything else loads Chakra's runtime with its own code, through here.
 */

let loaded = false;
const listeners = new Set<() => void>();

/** Chakra's runtime, fetched once. */
export async function loadChakra(): Promise<typeof import('./chakra-root')> {
  const root = await import('./chakra-root');
  if (!loaded) {
    loaded = true;
    for (const listener of listeners) listener();
  }
  return root;
}

/** Loads a Chakra component and Chakra's runtime in parallel, and gives the component rendered inside ChakraRoot. */
export async function withChakraLoaded<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Component, { withChakra }] = await Promise.all([load(), loadChakra()]);
  return withChakra(Component);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether Chakra's runtime has loaded (a re-render follows when it does). */
export function useChakraLoaded(): boolean {
  return useSyncExternalStore(subscribe, () => loaded, () => false);
}
