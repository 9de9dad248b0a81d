import { Alert, Button, Stack } from '@chakra-ui/react';

/** The plans could not be loaded: a Chakra alert, loaded (with Chakra's runtime) only when that happens (PlansStatus.tsx). */
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
