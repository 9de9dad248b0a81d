import { Alert, Button, Center, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section's spinner while its data loads. */
export function LoadingBlock({ children }: { children: ReactNode }) {
  return (
    <Center py="12" role="status">
      <Spinner size="lg" color="blue.fg" />
      <Text ms="3">{children}</Text>
    </Center>
  );
}

/** A section's data could not be loaded: what failed, and a button to try again. */
export function LoadFailed({ title, onRetry, mt }: { title: string; onRetry: () => void; mt?: string }) {
  return (
    <Alert.Root status="error" role="alert" mt={mt}>
      <Alert.Indicator />
      <Alert.Title>{title}</Alert.Title>
      <Button size="sm" variant="outline" ms="auto" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}
