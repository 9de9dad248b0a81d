import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { withChakraLoaded } from './theme/lazy-chakra';

type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Fetches the page's code (once); after that the page renders without suspending. */
  preload(): Promise<PageModule>;
};

/**
 * How a page is drawn: with Chakra components (its code comes with Chakra's runtime, and it renders
 * inside it), or, like the landing page and every public page, with the classes the build compiles
 * from the Chakra theme (theme/shell-styles.ts), so its first render needs only React and the shell.
 */
export type PageDrawing = 'chakra' | 'shell';

/**
 * React.lazy for a page whose code can be fetched ahead of rendering. Once it is there, the lazy
 * component gets it synchronously (a thenable that answers at once), so a page fetched before the
 * first render (main.tsx) renders in that render, without showing its skeleton first.
 */
export function lazyPage(load: () => Promise<PageModule>, drawing: PageDrawing = 'chakra'): LazyPage {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const component = async () => (await load()).default;
  const preload = () =>
    (loading ??= (drawing === 'chakra' ? withChakraLoaded(component) : component()).then(
      (page) => (loaded = { default: page }),
      (err: unknown) => {
        loading = undefined; // a later attempt fetches again
        throw err;
      },
    ));
  const alreadyLoaded = (module: PageModule) => ({ then: (resolve: (m: PageModule) => void) => resolve(module) }) as unknown as Promise<PageModule>;
  return Object.assign(
    lazy(() => (loaded ? alreadyLoaded(loaded) : preload())),
    { preload },
  );
}
