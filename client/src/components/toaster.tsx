import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { toastRaised } from './toast-signal';

/**
 * Toasts at the top right, 4 seconds each (spec section 2), just below the fixed header (4rem
 * high): over it they covered Sign Out and the account button, and a pointer resting on a toast
 * keeps it open.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: 4000,
  pauseOnPageIdle: true,
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

// The first toast has Layout mount <Toaster> below, which then shows the toasts already in the store.
toaster.subscribe(toastRaised);

export const notify = {
  success: (title: string) => toaster.create({ title, type: 'success' }),
  error: (title: string) => toaster.create({ title, type: 'error' }),
  info: (title: string) => toaster.create({ title, type: 'info' }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
