import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { messageOf, toast } from '@/lib/toast';
import { registerAccount } from '@/queries/sign-in';
import { AuthCard } from './auth-card';
import { useRedirectSignedIn } from './use-redirect-signed-in';

/** Sign-up: creates an account that an administrator activates before it can sign in. */
function RegisterPage() {
  useRedirectSignedIn();
  const navigate = useNavigate();
  const { register, handleSubmit, watch, setError, clearErrors, formState } = useForm({
    defaultValues: { email: '', password: '' },
  });
  const email = watch('email');

  const onSubmit = handleSubmit(async ({ email, password }) => {
    clearErrors();
    try {
      await registerAccount({ email, password });
      toast({
        title: 'Account created successfully',
        description: 'An administrator will activate your account shortly.',
      });
      void navigate('/login');
    } catch (err) {
      // A 400's field problems next to their fields, the first of them focused.
      const fields = serverFieldErrors(err);
      const invalid = (['email', 'password'] as const).filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      toast({
        title: 'Error',
        description: messageOf(err, 'Could not create the account'),
        variant: 'destructive',
      });
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Enter your details to get started">
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <Field label="Email" error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" required {...register('email')} />
        </Field>
        <Field
          label="Password"
          error={formState.errors.password?.message}
          description={<PasswordHint password={watch('password')} userInputs={email ? [email] : []} />}
        >
          <Input type="password" autoComplete="new-password" required {...register('password')} />
        </Field>
        <Button type="submit" disabled={formState.isSubmitting} className="mt-2 w-full">
          Create Account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Already have an account? Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { RegisterPage as Component };
