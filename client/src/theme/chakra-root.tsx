import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { appSystem, withStaticGlobalCss } from './system';

// The server sends a fresh CSP nonce with every page; Emotion must put it on each <style> it adds.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const emotionCache = createCache({ key: 'fp', nonce });

let system: SystemContext | undefined;

/**
 * Builds the Chakra system, one of the longer steps of showing a Chakra page on a phone: lazy-chakra.ts
 * runs it as a task of its own, after this module's code has run and before the first render that
 * needs it. Not at start: the landing page's first render does without it.
 */
export function prepareSystem(): SystemContext {
  system ??= withStaticGlobalCss(appSystem());
  return system;
}

/** Chakra's styling engine for the components inside. */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <ChakraProvider value={prepareSystem()}>{children}</ChakraProvider>
    </CacheProvider>
  );
}

/** `Component` rendered inside ChakraRoot. */
export function withChakra<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithChakra(props: P) {
    return (
      <ChakraRoot>
        <Component {...props} />
      </ChakraRoot>
    );
  }
  WithChakra.displayName = `WithChakra(${Component.displayName ?? Component.name})`;
  return WithChakra;
}
