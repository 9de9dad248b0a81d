import { lazy, Suspense } from 'react';
import { withChakraLoaded } from '../theme/lazy-chakra';

// Drawn without Chakra's runtime (theme/shell-styles.ts, "Plans"); the error, which is rare, loads it.
const ChakraPlansError = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./PlansError')).PlansError) }));

/**
 * What a plan list shows while loading: the four cards' places, about their height, so what
 * follows does not move when the plans arrive.
 */
export function PlansLoading() {
  return (
    <div className="sh-plans-grid" role="status">
      <span className="sh-visually-hidden">Loading plans…</span>
      {[0, 1, 2, 3].map((card) => (
        <div key={card} className="sh-plan-skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

export function PlansError({ onRetry }: { onRetry: () => void }) {
  return (
    <Suspense fallback={null}>
      <ChakraPlansError onRetry={onRetry} />
    </Suspense>
  );
}
