import { Container, Skeleton, SkeletonText, Stack, VisuallyHidden } from '@chakra-ui/react';

/** Holds a page's place while its code or its session loads: a heading and a few lines. */
export function PageSkeleton({ label = 'Loading page' }: { label?: string }) {
  return (
    <Container maxW="6xl" py={{ base: '10', md: '14' }} role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="6" aria-hidden="true">
        <Skeleton height="10" width={{ base: '70%', md: '40%' }} />
        <SkeletonText noOfLines={3} />
        <Skeleton height="48" />
      </Stack>
    </Container>
  );
}
