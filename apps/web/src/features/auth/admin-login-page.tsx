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
import { useRedirectSignedIn } from './use-redirect-signed-in';

function AdminLoginPage() {
  useRedirectSignedIn();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  function signedIn(user: CurrentUser) {
    if (user.isAdmin) {
      toast({ title: 'Admin Access Granted', description: 'Welcome to the admin dashboard' });
      void navigate('/admin', { replace: true });
    } else {
      // A non-admin who signs in here goes to the investor area.
      toast({ title: 'Success', description: 'Logged in successfully' });
      void navigate('/', { replace: true });
    }
  }
  const failed = (err: unknown) =>
    toast({
      title: 'Access Denied',
      description: messageOf(err, 'Invalid admin credentials'),
      variant: 'destructive',
    });

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
    <AuthCard title="Admin Access" subtitle="Enter admin credentials to access the admin dashboard">
      {mfaToken ? (
        <MfaStep
          mfaToken={mfaToken}
          onSignedIn={signedIn}
          onError={failed}
          onBack={() => setMfaToken(null)}
        />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label="Admin Email">
            <Input
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="Admin Password">
            <Input
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={submitting} className="mt-2 w-full">
            {submitting ? 'Authenticating...' : 'Access Admin Panel'}
          </Button>
        </form>
      )}
      <div className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to Main Login
        </Link>
      </div>
    </AuthCard>
  );
}

export { AdminLoginPage as Component };
