import { Box, Flex } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AdSlot } from './AdSlot';
import { Footer } from './Footer';
import { Header } from './Header';
import { Toaster } from './toaster';

/** Every page: the shared header, the content, the footer ad slot and footer, and toasts. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Box as="main" id="main" flex="1" pt="16">
        {children}
      </Box>
      <AdSlot />
      <Footer />
      <Toaster />
    </Flex>
  );
}
