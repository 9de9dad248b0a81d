import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { withChakraLoaded } from '../../theme/lazy-chakra';

const ConfirmDialog = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('./ConfirmDialog')).ConfirmDialog) }));

/**
 * ConfirmDialog for a page drawn without Chakra's runtime: the dialog's code and Chakra's load when it
 * first opens (a page that never asks to confirm never loads them), then it stays mounted so it closes
 * as a dialog does.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const [shown, setShown] = useState(props.open);
  if (props.open && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null;
}
