import { AlertTriangle } from 'lucide-react';
import type { CabinNights } from '@portal/contracts';
import { expiryWarning } from '../expiry-warning';

/** A warning above the cabin nights when unused nights expire within 60 days; nothing otherwise. */
export function ExpiryBanner({ nights }: { nights: CabinNights }) {
  const text = expiryWarning(nights);
  if (!text) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-sm text-warning"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="font-medium">{text}</p>
    </div>
  );
}
