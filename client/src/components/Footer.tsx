import { Box } from '@chakra-ui/react';
export function Footer() {
  return <Box as="footer" />;
}
