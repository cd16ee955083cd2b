import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '@portal/contracts';
import { cn } from '@/lib/cn';
import type { Estimate } from './estimate';

type Estimator = (password: string, userInputs?: string[]) => Estimate;
let estimator: Promise<Estimator> | undefined;
/** The estimate and its dictionaries are a chunk of their own, fetched on the first typed password. */
const loadEstimator = () => (estimator ??= import('./estimate').then((m) => m.estimate));

const LEVELS = [
  { word: 'password.veryWeak', tone: 'bg-destructive', text: 'text-destructive' },
  { word: 'password.weak', tone: 'bg-destructive', text: 'text-destructive' },
  { word: 'password.fair', tone: 'bg-amber-500', text: 'text-amber-900 dark:text-amber-400' },
  { word: 'password.good', tone: 'bg-emerald-500', text: 'text-emerald-800 dark:text-emerald-400' },
  { word: 'password.strong', tone: 'bg-emerald-600', text: 'text-emerald-800 dark:text-emerald-400' },
] as const;

/**
 * A strength hint under a new-password field: the minimum length first, then whether the password is
 * one of the most common ones (which the server refuses, with the same words), then zxcvbn's score.
 * `userInputs` (the email, the name) count as easy to guess. Give it an `id` and point the field's
 * `aria-describedby` at it; the words are announced politely as they change.
 */
export function PasswordStrength({
  id,
  password,
  userInputs = [],
  className,
}: {
  id?: string;
  password: string;
  userInputs?: string[];
  className?: string;
}) {
  const { t } = useTranslation('common');
  const [result, setResult] = useState<{ password: string; estimate: Estimate } | null>(null);
  const key = userInputs.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadEstimator().then((run) => {
      if (current) setResult({ password, estimate: run(password, key ? key.split('\n') : []) });
    });
    return () => {
      current = false;
    };
  }, [password, key]);

  const estimate = result?.password === password ? result.estimate : null;
  let message: string;
  let level: (typeof LEVELS)[number] | null = null;
  let filled = 0;
  if (!password || password.length < MIN_PASSWORD_LENGTH) {
    message = t('password.minLength', { count: MIN_PASSWORD_LENGTH });
  } else if (!estimate) {
    message = t('password.checking');
  } else if (estimate.common) {
    // The words the server refuses it with (auth:errors.password_common says it with these words), in the page's language.
    message = t('password.common');
    level = LEVELS[0];
    filled = 1;
  } else {
    level = LEVELS[estimate.score];
    filled = estimate.score + 1;
    message =
      estimate.score < 3
        ? t('password.strengthWithTip', { level: t(level.word) })
        : t('password.strength', { level: t(level.word) });
  }

  return (
    <div id={id} className={cn('grid gap-1.5', className)}>
      <div className="grid grid-cols-5 gap-1" aria-hidden="true" data-testid="password-strength-meter">
        {LEVELS.map((l, i) => (
          <span
            key={l.word}
            className={cn('h-1 rounded-full', i < filled && level ? level.tone : 'bg-muted')}
          />
        ))}
      </div>
      <p aria-live="polite" className={cn('text-xs', level ? level.text : 'text-muted-foreground')}>
        {message}
      </p>
    </div>
  );
}
