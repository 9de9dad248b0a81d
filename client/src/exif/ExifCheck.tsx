import { Center, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// The widget and the metadata stripper are only needed on the EXIF tab: their own chunk.
const ExifCheckWidget = lazy(() => import('./ExifCheckWidget'));

/** The EXIF Privacy Check, loaded on demand. */
export function ExifCheck({ headingAs = 'h2' }: { headingAs?: 'h2' | 'h3' }) {
  return (
    <Suspense
      fallback={
        <Center py="10" role="status">
          <Spinner size="lg" color="blue.fg" />
          <Text ms="3">Loading the image check...</Text>
        </Center>
      }
    >
      <ExifCheckWidget headingAs={headingAs} />
    </Suspense>
  );
}
