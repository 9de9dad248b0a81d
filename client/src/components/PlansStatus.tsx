import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** What a plan list shows while loading, or when the catalogue could not be loaded. */
export function PlansLoading() {
  return (
    <Center py="12" role="status" gap="3">
      <Spinner color="blue.fg" />
      <Text color="fg.muted">Loading plans…</Text>
    </Center>
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
