import { useTranslation } from 'react-i18next';
import { lazy, Suspense, type ComponentProps } from 'react';
import { MIN_PASSWORD_LENGTH } from '@portal/contracts';

const PasswordStrength = lazy(() =>
  import('./password-strength').then((m) => ({ default: m.PasswordStrength })),
);

/**
 * The strength hint of a new-password field, kept out of the sign-in pages' first load: the hint is a
 * chunk of its own and its dictionaries another, fetched when the form shows and when a password is
 * first typed. Until the hint arrives it reads as the minimum-length hint.
 */
export function PasswordHint(props: ComponentProps<typeof PasswordStrength>) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p className="text-xs text-muted-foreground">
          {t('password.minLength', { count: MIN_PASSWORD_LENGTH })}
        </p>
      }
    >
      <PasswordStrength {...props} />
    </Suspense>
  );
}
