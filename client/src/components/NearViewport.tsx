import { type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';

/**
 * Renders `children` (typically a lazily loaded Chakra component) once its place comes within a
 * screen of the viewport, and `placeholder` (as high as what it stands for) until then and while
 * the code loads: a public page's first render and main thread stay free of what is below the fold.
 */
export function NearViewport({
  placeholder,
  className,
  margin,
  children,
}: {
  placeholder: ReactNode;
  className?: string;
  /** How near (a CSS length or a percentage of the viewport; a screen unless told). */
  margin?: string;
  children: ReactNode;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, margin);
  return (
    <div ref={slot} className={className}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
