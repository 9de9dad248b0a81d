import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { withChakraLoaded } from './theme/lazy-chakra';

type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Fetches the page's code (once); after that the page renders without suspending. */
  preload(): Promise<PageModule>;
};

/**
 * React.lazy for a page whose code can be fetched ahead of rendering. Once it is there, the lazy
 * component gets it synchronously (a thenable that answers at once), so a page fetched before the
 * first render (main.tsx) renders in that render, without showing its skeleton first. Pages are
 * Chakra components: their code comes with Chakra's runtime, and they render inside it.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = () =>
    (loading ??= withChakraLoaded(async () => (await load()).default).then(
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
