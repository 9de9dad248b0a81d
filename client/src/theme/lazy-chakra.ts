import type { ComponentType } from 'react';

/*
 * Chakra's runtime (Emotion, the styling engine, the theme: theme/chakra-root.tsx) is about a third
 * of the app's code, more than the landing page's budget leaves once React and the router are in.
 * The public pages and the shell around every page (header, footer, skeletons, the error page) are
 * therefore plain elements with classes the build compiles from the same Chakra theme
 * (theme/shell-styles.ts); everything else loads Chakra's runtime with its own code, through here.
 */

/** Ends the current task, so the browser can paint and handle input between long steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let loading: Promise<typeof import('./chakra-root')> | undefined;

/** Chakra's runtime, fetched once; its system is built in a task of its own. */
function loadChakra(): Promise<typeof import('./chakra-root')> {
  loading ??= import('./chakra-root').then(
    async (root) => {
      await nextTask();
      root.prepareSystem();
      return root;
    },
    (err: unknown) => {
      loading = undefined; // a later attempt fetches again
      throw err;
    },
  );
  return loading;
}

/** Loads a Chakra component and Chakra's runtime in parallel, and gives the component rendered inside ChakraRoot. */
export async function withChakraLoaded<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Component, { withChakra }] = await Promise.all([load(), loadChakra()]);
  return withChakra(Component);
}
