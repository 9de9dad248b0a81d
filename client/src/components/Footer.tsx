import { Box, Container, Flex, Heading, Link, List, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteInfo } from '../hooks/use-api-data';
import { FootprintIcon } from './icons';

/** `to`: a route of the app; `href`: a page the server serves itself; `contact`: the contact address. */
type FooterItem = { label: string; to?: string; href?: string; contact?: true };

/**
 * The spec's placeholder footer links that have no target yet (Help Center, …) are plain text
 * marked "coming soon" rather than links that go nowhere.
 */
const columns: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Product',
    items: [
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Education', to: '/education' },
      { label: 'API', href: '/api/docs' },
    ],
  },
  {
    title: 'Company',
    items: [{ label: 'About', to: '/about' }, { label: 'Contact Us', contact: true }, { label: 'Community' }],
  },
  {
    title: 'Support',
    items: [{ label: 'Help Center' }, { label: 'Status' }],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookie Policy' },
      { label: 'GDPR' },
    ],
  },
];

/**
 * A mailto of the server's CONTACT_EMAIL (GET /api/site); until it is known, the privacy policy,
 * which names the address too.
 */
function ContactLink({ label }: { label: string }) {
  const site = useSiteInfo();
  if (site.status === 'ready') {
    return (
      <Link href={`mailto:${site.data.contactEmail}`} color="gray.100" _hover={{ color: 'white' }}>
        {label}
      </Link>
    );
  }
  return (
    <Link asChild color="gray.100" _hover={{ color: 'white' }}>
      <RouterLink to="/privacy">{label}</RouterLink>
    </Link>
  );
}

export function Footer() {
  return (
    <Box as="footer" bg="gray.900" color="gray.200" pt="12" pb="8">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="8">
          <Box>
            <Flex align="center" gap="2" fontWeight="bold" fontSize="lg" color="white">
              <FootprintIcon boxSize="6" color="blue.300" />
              Footprint
            </Flex>
            <Text mt="3" fontSize="sm" color="gray.300">
              See what of you is exposed online, and what to do about it.
            </Text>
          </Box>
          {columns.map((column) => (
            <Box key={column.title}>
              <Heading as="h2" size="sm" fontWeight="semibold" color="white" textTransform="uppercase" letterSpacing="wide">
                {column.title}
              </Heading>
              <List.Root listStyleType="none" mt="3" gap="2" fontSize="sm">
                {column.items.map((item) => (
                  <List.Item key={item.label}>
                    {item.contact ? (
                      <ContactLink label={item.label} />
                    ) : item.href ? (
                      <Link href={item.href} color="gray.100" _hover={{ color: 'white' }}>
                        {item.label}
                      </Link>
                    ) : item.to ? (
                      <Link asChild color="gray.100" _hover={{ color: 'white' }}>
                        <RouterLink to={item.to}>{item.label}</RouterLink>
                      </Link>
                    ) : (
                      <Text as="span" color="gray.300">
                        {item.label}{' '}
                        <Text as="span" fontSize="xs" color="gray.400">
                          (coming soon)
                        </Text>
                      </Text>
                    )}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          ))}
        </SimpleGrid>
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="gray.700" fontSize="sm" color="gray.300">
          © {new Date().getFullYear()} Footprint. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
