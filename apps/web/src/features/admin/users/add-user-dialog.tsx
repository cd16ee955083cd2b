import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { createUserInput, generateInvestorId, validateNewUser } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { useCreateUser } from '@/queries/admin-users';
import { toastDone } from '@/components/admin/feedback';

interface Form {
  name: string;
  email: string;
  password: string;
  investorId: string;
}

const blank = (): Form => ({ name: '', email: '', password: '', investorId: generateInvestorId() });

/**
 * Add User (docs/product.md §15.2, §18): the five checks in their fixed order, a generated investor ID,
 * the server's message in the dialog and a toast, and a fresh ID when the server says it is taken.
 */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('admin');
  const failure = t('addUser.failed');
  const create = useCreateUser({ failure });
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="max-w-xl"
      title={t('addUser.title')}
      description={t('addUser.description')}
      defaultValues={blank}
      schema={createUserInput}
      precheck={validateNewUser}
      toBody={(form) => ({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        investorId: form.investorId.trim(),
      })}
      onSubmit={async (input) => {
        const res = await create.mutateAsync(input);
        toastDone(
          t('addUser.addedTitle'),
          t('addUser.addedText', { name: res.data.name, email: res.data.email }),
        );
      }}
      failure={failure}
      onFailed={(message, form) => {
        if (/investor ID/i.test(message)) form.setValue('investorId', generateInvestorId());
      }}
      submitLabel={t('addUser.submit')}
      pendingLabel={t('addUser.pending')}
    >
      {(f) => (
        <>
          <Field label={t('addUser.name')} error={f.error('name')}>
            <Input autoComplete="off" {...f.register('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('addUser.email')} error={f.error('email')}>
              <Input type="email" autoComplete="off" {...f.register('email')} />
            </Field>
            <Field
              label={t('addUser.password')}
              error={f.error('password')}
              description={
                <PasswordHint
                  password={f.watch('password')}
                  userInputs={[f.watch('name'), f.watch('email')].filter(Boolean)}
                />
              }
            >
              <Input type="password" autoComplete="new-password" {...f.register('password')} />
            </Field>
          </div>
          <div className="grid gap-2">
            <Field
              label={t('addUser.investorId')}
              hint={t('addUser.investorIdHint')}
              error={f.error('investorId')}
            >
              <Input className="font-mono" {...f.register('investorId')} />
            </Field>
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => f.setValue('investorId', generateInvestorId())}
            >
              <RefreshCw aria-hidden="true" />
              {t('addUser.generate')}
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('addUser.role')} hint={t('addUser.roleHint')}>
              <NativeSelect value="user" disabled>
                <option value="user">{t('addUser.roleUser')}</option>
              </NativeSelect>
            </Field>
            <Field label={t('addUser.status')} hint={t('addUser.statusHint')}>
              <NativeSelect value="active" disabled>
                <option value="active">{t('addUser.statusActive')}</option>
              </NativeSelect>
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
