import { lazy, Suspense, useState } from 'react';
import { hasPendingToast, useToasts } from '@/lib/toast';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The Toaster, loaded with the first toast (or a toast kept across a reload) rather than with every
 * page: Radix Toast is about 10 kB of the sign-in page's JS (gzip), and most first loads show none.
 * Once loaded it stays.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(hasPendingToast);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
