import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { passwordResetInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { messageOf } from '@/lib/toast';
import { requestPasswordReset } from '@/queries/auth';
import { AuthCard } from './auth-card';
import { useRedirectSignedIn } from './use-redirect-signed-in';

interface ForgotForm {
  email: string;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * Asks for a password reset link. The page says the same whether or not the address has an account
 * (the server's own words); only a refusal to send more (429) or a problem with the address is an error.
 */
function ForgotPasswordPage() {
  useRedirectSignedIn();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ForgotForm>({
    defaultValues: { email: '' },
    resolver: contractResolver<ForgotForm>(
      passwordResetInput,
      (v) => v,
      () => true,
    ),
    // A message stays until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const answer = await requestPasswordReset(email);
      setSent({
        email: email.trim(),
        message: answer.message ?? 'If an account exists for that address, we have sent a link',
      });
    } catch (err) {
      const message = serverFieldErrors(err).email;
      if (message) setError('email', { message }, { shouldFocus: true });
      else setFailure(messageOf(err, 'Could not send the link. Please try again.'));
    }
  });

  if (sent)
    return (
      <AuthCard title="Check your email" subtitle="What happens next">
        <div className="grid gap-4 text-sm" role="status">
          <div className="flex items-start gap-3 rounded-md border bg-accent/40 p-4">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">{sent.message}.</p>
              <p className="text-muted-foreground">
                The link works once, for 30 minutes. Nothing after a few minutes? Check the spelling of{' '}
                <span className="break-words font-medium text-foreground">{sent.email}</span> and your spam
                folder, or ask again.
              </p>
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-col items-center gap-3 text-sm">
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
          <button
            type="button"
            className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            onClick={() => setSent(null)}
          >
            Use another address
          </button>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's email and we will send you a link to set a new one"
    >
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        <FormError message={failure} />
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" required {...register('email')} />
        </Field>
        <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };
