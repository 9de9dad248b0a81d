import { Alert, Button, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';

/**
 * What a plan list shows while loading: the four cards' places, about their height, so what
 * follows does not move when the plans arrive.
 */
export function PlansLoading() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6" role="status">
      <VisuallyHidden>Loading plans…</VisuallyHidden>
      {[0, 1, 2, 3].map((card) => (
        <Skeleton key={card} height={{ base: '22rem', lg: '25.5rem' }} rounded="l3" aria-hidden="true" />
      ))}
    </SimpleGrid>
  );
}

export function PlansError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" maxW="xl" mx="auto" role="alert">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>We could not load the plans. Please try again.</Alert.Title>
        <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert.Root>
  );
}
