import { createToaster } from '@chakra-ui/react';
import { toastRaised } from './toast-signal';

/**
 * Toasts at the top right, 4 seconds each (long enough to read a line, short enough not to pile up), just below the fixed header (4rem
 * high): over it they covered Sign Out and the account button, and a pointer resting on a toast
 * keeps it open.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: 4000,
  pauseOnPageIdle: true,
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

// The first toast has Layout mount <Toasts> (Toasts.tsx: Chakra's toast group and its state
// machines, loaded then), which shows the toasts already in this store. Pages that raise toasts
// import only this store.
toaster.subscribe(toastRaised);

/** Takes down the error toasts still showing (they told of an attempt that has since succeeded). */
function dismissErrors(): void {
  for (const toast of toaster.getVisibleToasts()) if (toast.type === 'error' && toast.id !== undefined) toaster.remove(toast.id);
}

export const notify = {
  success: (title: string) => toaster.create({ title, type: 'success' }),
  /**
   * A success that settles the errors before it (a form sent again after they were fixed): those
   * error toasts go, so "Passwords do not match" never sits beside "Account created successfully!".
   */
  succeeded: (title: string) => {
    dismissErrors();
    return toaster.create({ title, type: 'success' });
  },
  error: (title: string) => toaster.create({ title, type: 'error' }),
  info: (title: string) => toaster.create({ title, type: 'info' }),
};
