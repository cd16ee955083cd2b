import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { messageOf, toast } from '@/lib/toast';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';
import { homeFor, useFromLocation, useRedirectSignedIn } from './use-redirect-signed-in';

function LoginPage() {
  useRedirectSignedIn();
  const { login } = useAuth();
  const navigate = useNavigate();
  const from = useFromLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  function signedIn(user: CurrentUser) {
    toast({ title: 'Success', description: 'Logged in successfully' });
    void navigate(homeFor(user.isAdmin, from), { replace: true });
  }
  const failed = (err: unknown) =>
    toast({ title: 'Error', description: messageOf(err, 'Login failed'), variant: 'destructive' });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    try {
      const answer = await login(email, password);
      if ('mfaToken' in answer) setMfaToken(answer.mfaToken);
      else signedIn(answer.user);
    } catch (err) {
      failed(err);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Enter your credentials to continue">
      {mfaToken ? (
        <MfaStep
          mfaToken={mfaToken}
          onSignedIn={signedIn}
          onError={failed}
          onBack={() => setMfaToken(null)}
        />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label="Email">
            <Input
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="Password">
            <Input
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={submitting} className="mt-2 w-full">
            {submitting ? 'Loading...' : 'Sign In'}
          </Button>
        </form>
      )}
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        <p className="text-muted-foreground">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
        <Link
          to="/admin-login"
          className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Admin Access
        </Link>
      </div>
    </AuthCard>
  );
}

export { LoginPage as Component };
