import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { appSystem, withStaticGlobalCss } from './system';

// The server sends a fresh CSP nonce with every page; Emotion must put it on each <style> it adds.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const emotionCache = createCache({ key: 'fp', nonce });

/**
 * Built when this module first loads (with the first part of the app that uses Chakra), not at
 * start: the landing page's first render does without it.
 */
const system = withStaticGlobalCss(appSystem());

/** Chakra's styling engine for the components inside. */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
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
