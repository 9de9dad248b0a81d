import { Box } from '@chakra-ui/react';
export function Header() {
  return <Box as="header" position="fixed" top="0" insetX="0" h="16" />;
}
