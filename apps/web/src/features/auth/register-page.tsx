import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { messageOf, toast } from '@/lib/toast';
import { registerAccount } from '@/queries/auth';
import { AuthCard } from './auth-card';
import { useRedirectSignedIn } from './use-redirect-signed-in';

/** Sign-up: creates an account that an administrator activates before it can sign in. */
function RegisterPage() {
  useRedirectSignedIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const fe = useFieldErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    fe.clear();
    try {
      await registerAccount({ email, password });
      toast({
        title: 'Account created successfully',
        description: 'An administrator will activate your account shortly.',
      });
      navigate('/login');
    } catch (err) {
      fe.fromError(err);
      toast({
        title: 'Error',
        description: messageOf(err, 'Could not create the account'),
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Create your account" subtitle="Enter your details to get started">
      <form ref={fe.formRef} onSubmit={onSubmit} className="grid gap-4">
        <Field label="Email" error={fe.of('email')}>
          <Input
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field
          label="Password"
          error={fe.of('password')}
          description={<PasswordHint password={password} userInputs={email ? [email] : []} />}
        >
          <Input
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={submitting} className="mt-2 w-full">
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
