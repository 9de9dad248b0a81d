import { type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';

/**
 * Renders `children` (typically a lazily loaded Chakra component) once its place comes within a
 * screen of the viewport, and `placeholder` (as high as what it stands for) until then and while
 * the code loads: a public page's first render and main thread stay free of what is below the fold.
 */
export function NearViewport({ placeholder, className, children }: { placeholder: ReactNode; className?: string; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  return (
    <div ref={slot} className={className}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
