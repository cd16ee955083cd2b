import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { SignInForm } from './sign-in-form';

function AdminLoginPage() {
  const navigate = useNavigate();
  return (
    <SignInForm
      texts={{
        title: 'Admin Access',
        subtitle: 'Enter admin credentials to access the admin dashboard',
        emailLabel: 'Admin Email',
        passwordLabel: 'Admin Password',
        submitLabel: 'Access Admin Panel',
        pendingLabel: 'Authenticating...',
        failedTitle: 'Access Denied',
        failedFallback: 'Invalid admin credentials',
      }}
      onSignedIn={(user) => {
        if (user.isAdmin) {
          toast({ title: 'Admin Access Granted', description: 'Welcome to the admin dashboard' });
          void navigate('/admin', { replace: true });
        } else {
          // A non-admin who signs in here goes to the investor area.
          toast({ title: 'Success', description: 'Logged in successfully' });
          void navigate('/', { replace: true });
        }
      }}
      footer={
        <div className="mt-6 text-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to Main Login
          </Link>
        </div>
      }
    />
  );
}

export { AdminLoginPage as Component };
