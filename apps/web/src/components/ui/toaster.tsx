import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast as T } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@portal/contracts';
import { cn } from '@/lib/cn';
import { dismissToast, showPendingToast, useToasts } from '@/lib/toast';

/**
 * Renders the toasts: one at a time, swipe right 50 px to dismiss, F8 focuses the region. On the first
 * render after a page load it shows the toast left for that load (toastAfterReload).
 */
export function Toaster() {
  const { t: translate } = useTranslation();
  const toasts = useToasts();
  useEffect(() => showPendingToast(), []);
  return (
    <T.Provider
      label={translate('toast.label')}
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((t) => (
        <T.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg animate-toast-in',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-card text-card-foreground',
          )}
        >
          {/* Text stays selectable: selecting and copying does not close the toast. */}
          <div className="grid select-text gap-1">
            {t.title && <T.Title className="text-sm font-semibold">{t.title}</T.Title>}
            {t.description && <T.Description className="text-sm">{t.description}</T.Description>}
          </div>
          <T.Close
            aria-label={translate('close')}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport
        label={translate('toast.region')}
        data-toasts=""
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      />
    </T.Provider>
  );
}
