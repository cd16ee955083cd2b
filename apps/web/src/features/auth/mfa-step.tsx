import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/queries/session';

/**
 * The second step of a two-factor sign-in: the code from the authenticator app, or a recovery code.
 * Shown by both sign-in pages after the password when the account has two-factor sign-in on.
 */
export function MfaStep({
  mfaToken,
  onSignedIn,
  onError,
  onBack,
}: {
  mfaToken: string;
  onSignedIn: (user: CurrentUser) => void;
  onError: (err: unknown) => void;
  onBack: () => void;
}) {
  const { completeMfa } = useAuth();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    try {
      onSignedIn(await completeMfa(mfaToken, code.trim()));
    } catch (err) {
      onError(err);
      setCode('');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app, or one
        of your recovery codes.
      </p>
      <Field label="Authentication code">
        <Input
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={submitting || code.trim().length < 6} className="w-full">
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={submitting}>
        Use another account
      </Button>
    </form>
  );
}
