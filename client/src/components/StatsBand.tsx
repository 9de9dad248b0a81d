import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';

export interface Stat {
  value: string;
  label: string;
}

/** The dark band of marketing figures (static claims from the spec, not measurements). */
export function StatsBand({ id, title, stats }: { id: string; title: string; stats: readonly Stat[] }) {
  return (
    <Box as="section" aria-labelledby={id} py={{ base: '12', md: '16' }} bg="blue.800" color="white">
      <Container maxW="6xl">
        <Heading as="h2" id={id} textAlign="center" size={{ base: 'xl', md: '2xl' }} color="white">
          {title}
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="8" mt="8" textAlign="center">
          {stats.map((stat) => (
            <Stack key={stat.label} gap="1" direction="column-reverse">
              <Text as="dt" color="blue.100" fontSize="sm">
                {stat.label}
              </Text>
              <Text as="dd" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold">
                {stat.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
