import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` (a CSS length or a percentage of the viewport) of
 * the viewport, above or below; stays true once it has. Without IntersectionObserver: true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '100%'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin} 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
