import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { SignInForm } from './sign-in-form';
import { homeFor, useFromLocation } from './use-redirect-signed-in';

function LoginPage() {
  const navigate = useNavigate();
  const from = useFromLocation();
  return (
    <SignInForm
      texts={{
        title: 'Welcome back',
        subtitle: 'Enter your credentials to continue',
        emailLabel: 'Email',
        passwordLabel: 'Password',
        submitLabel: 'Sign In',
        pendingLabel: 'Loading...',
        failedTitle: 'Error',
        failedFallback: 'Login failed',
      }}
      onSignedIn={(user) => {
        toast({ title: 'Success', description: 'Logged in successfully' });
        void navigate(homeFor(user.isAdmin, from), { replace: true });
      }}
      footer={
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
      }
    />
  );
}

export { LoginPage as Component };
