import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function PageSpinner({ label }: { label: string }) {
  return (
    <Center minH="60vh" role="status" aria-live="polite">
      <Spinner size="xl" color="blue.500" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
