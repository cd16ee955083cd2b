import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { passwordChangeInput, type CurrentUser, type TotpSetup, type TotpStatus } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { saveBlob } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  securityPolicyKey,
  useChangePassword,
  useDisableTotp,
  useEnableTotp,
  useNewRecoveryCodes,
  useSecurityPolicy,
  useSetSecurityPolicy,
  useStartTotp,
  useTotpStatus,
} from '@/queries/auth';
import { Passkeys, Sessions } from './passkeys-and-sessions';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirm: '' };

const checkContract = contractResolver<PasswordForm>(
  passwordChangeInput,
  (v) => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
  () => true,
);

/** The contract's checks, then (once the new password is long enough) that it was typed twice alike. */
const resolver: Resolver<PasswordForm> = async (values, context, options) => {
  const result = await checkContract(values, context, options);
  if (result.errors.newPassword || values.newPassword === values.confirm) return result;
  const newPassword = { type: 'confirm', message: i18next.t('profile:security.passwordsDiffer') };
  return { values: {}, errors: { ...result.errors, newPassword } };
};

function ChangePassword() {
  const { t } = useTranslation(['profile', 'common']);
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<PasswordForm>({
    defaultValues: EMPTY,
    resolver,
    // Messages stay until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const [current, next] = watch(['currentPassword', 'newPassword']);
  const change = useChangePassword({
    onSuccess: (res) => {
      toast({ title: t('security.passwordChanged'), description: res.message });
      reset(EMPTY);
    },
    failure: { fallback: t('security.changeFailed') },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (err) {
      // Toasted by the write; a 400's field problems also go next to their fields.
      const fields = serverFieldErrors(err);
      const invalid = (['currentPassword', 'newPassword'] as const).filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-4" aria-hidden="true" /> {t('security.changePassword')}
      </h3>
      <Field label={t('security.currentPassword')} error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" required {...register('currentPassword')} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('security.newPassword')}
          error={errors.newPassword?.message}
          description={<PasswordHint password={next} />}
        >
          <Input type="password" autoComplete="new-password" required {...register('newPassword')} />
        </Field>
        <Field label={t('security.confirmPassword')}>
          <Input type="password" autoComplete="new-password" required {...register('confirm')} />
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">{t('security.signsOut')}</p>
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending || !current || !next}>
          {change.isPending ? t('common:saving') : t('security.changePassword')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <p className="text-sm font-medium">{t('security.saveCodes')}</p>
      <p className="text-sm text-muted-foreground">{t('security.codesOnce')}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label={t('security.recoveryCodes')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            saveBlob(
              new Blob([codes.join('\n') + '\n'], { type: 'text/plain' }),
              'investor-portal-recovery-codes.txt',
            )
          }
        >
          {t('security.downloadCodes')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('security.savedThem')}
        </Button>
      </div>
    </div>
  );
}

function TwoFactor({ status }: { status: TotpStatus }) {
  const { t } = useTranslation(['profile', 'common']);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartTotp({
    onSuccess: (res) => setSetup(res.data),
    failure: { fallback: t('security.startFailed') },
  });
  const enable = useEnableTotp({
    onSuccess: (res) => {
      setCodes(res.data.recoveryCodes);
      setSetup(null);
      setCode('');
      toast({ title: t('security.isOn') });
    },
    failure: { fallback: t('security.invalidCode') },
  });
  const disable = useDisableTotp({
    onSuccess: () => {
      setPassword('');
      toast({ title: t('security.isOff') });
    },
    failure: { fallback: t('security.turnOffFailed') },
  });
  const regenerate = useNewRecoveryCodes({
    onSuccess: (res) => {
      setPassword('');
      setCodes(res.data.recoveryCodes);
    },
    failure: { fallback: t('security.codesFailed') },
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  if (!status.enabled && setup) {
    return (
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          enable.mutate(code);
        }}
      >
        <ol className="ml-4 list-decimal space-y-1 text-sm text-muted-foreground">
          <li>{t('security.scan')}</li>
          <li>{t('security.enterCode')}</li>
        </ol>
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('security.qrAlt')}
            className="size-40 rounded-md border bg-white p-1"
          />
          <div className="grid min-w-0 gap-1 text-sm">
            <span className="text-muted-foreground">{t('security.key')}</span>
            <code className="break-all rounded bg-muted px-2 py-1 font-mono text-xs">{setup.secret}</code>
          </div>
        </div>
        <Field label={t('security.code')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
        <div className="flex gap-2">
          <Button type="submit" disabled={enable.isPending || code.length !== 6}>
            {enable.isPending ? t('security.verifying') : t('security.turnOn')}
          </Button>
          <Button variant="ghost" onClick={() => setSetup(null)}>
            {t('common:cancel')}
          </Button>
        </div>
      </form>
    );
  }

  if (!status.enabled) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t('security.intro')}</p>
        <div>
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            <ShieldCheck aria-hidden="true" />
            {t('security.setUp')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {t(status.required ? 'security.codesLeftRequired' : 'security.codesLeft', {
          count: status.recoveryCodesLeft,
          n: formatNumber(status.recoveryCodesLeft),
        })}
      </p>
      <Field label={t('security.password')}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={!password || regenerate.isPending}
          onClick={() => regenerate.mutate(password)}
        >
          {t('security.newCodes')}
        </Button>
        {!status.required && (
          <Button
            variant="outline"
            disabled={!password || disable.isPending}
            onClick={() => disable.mutate(password)}
          >
            <ShieldOff aria-hidden="true" />
            {t('security.turnOff')}
          </Button>
        )}
      </div>
    </div>
  );
}

function AdminPolicy({ enabledForMe }: { enabledForMe: boolean }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const policy = useSecurityPolicy();
  // The policy binds this admin too: whether they may still turn two-factor sign-in off changes (the
  // write reloads the two-factor status with every read of the settings).
  const save = useSetSecurityPolicy({
    onSuccess: (res) => {
      queryClient.setQueryData(securityPolicyKey, res.data);
      toast({ title: t('security.updated') });
    },
    failure: { fallback: t('security.saveFailed') },
  });
  if (!policy.data) return null;
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4">
      <input
        id="require-admin-totp"
        type="checkbox"
        className="mt-1 size-4 accent-[var(--primary)]"
        checked={policy.data.requireAdminTotp}
        disabled={save.isPending || (!enabledForMe && !policy.data.requireAdminTotp)}
        onChange={(e) => save.mutate(e.target.checked)}
      />
      <div className="grid gap-1">
        <label htmlFor="require-admin-totp" className="text-sm font-medium">
          {t('security.requireAdmins')}
        </label>
        <p className="text-xs text-muted-foreground">
          {enabledForMe ? t('security.requireHint') : t('security.ownFirst')}
        </p>
      </div>
    </div>
  );
}

/** Password and two-factor sign-in settings of the signed-in user (and, for admins, the admin policy). */
export function SecurityPanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const status = useTotpStatus();
  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby="two-factor-title">
        <h3 id="two-factor-title" className="flex items-center gap-2 font-semibold">
          <ShieldCheck className="size-4" aria-hidden="true" /> {t('security.heading')}
          {status.data && (
            <Badge variant={status.data.enabled ? 'success' : 'secondary'}>
              {status.data.enabled ? t('security.on') : t('security.off')}
            </Badge>
          )}
        </h3>
        {status.data?.required && !status.data.enabled && (
          <p role="alert" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
            {t('common:shell.twoFactorRequired')}
          </p>
        )}
        {status.data ? (
          <TwoFactor status={status.data} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
        )}
        {user.isAdmin && <AdminPolicy enabledForMe={!!status.data?.enabled} />}
      </section>
      <hr />
      <Passkeys />
      <hr />
      <Sessions />
      <hr />
      <ChangePassword />
    </div>
  );
}
