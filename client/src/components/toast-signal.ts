import { useSyncExternalStore } from 'react';

/*
 * Whether a toast has been raised yet. The toasts (Toasts.tsx: Chakra's toast group and its state
 * machine) is mounted only from then on (components/Layout.tsx), so pages that never raise one do
 * not load or run it.
 */

let raised = false;
const listeners = new Set<() => void>();

/** Called by the toaster's store on its first toast. */
export function toastRaised() {
  if (raised) return;
  raised = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastRaised(): boolean {
  return useSyncExternalStore(subscribe, () => raised, () => false);
}
