import { useTranslation } from 'react-i18next';
import { payerAccountInput, type PayerAccount, type PayerAccountInput } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useSetPayerAccount } from '@/queries/distributions';
import { toastDone } from '@/components/admin/feedback';

interface Form {
  name: string;
  iban: string;
  bic: string;
}

const fromPayer = (p: PayerAccount | null): Form => ({
  name: p?.name ?? '',
  iban: p?.iban ?? '',
  bic: p?.bic ?? '',
});

/** The body of PUT /api/admin/settings/payer (a blank BIC is left out). */
const toBody = (f: Form): PayerAccountInput => ({
  name: f.name,
  iban: f.iban,
  ...(f.bic.trim() && { bic: f.bic }),
});

/** An IBAN in groups of four, as it is printed: 'FI21 1234 5600 0007 85'. */
export const groupIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .replace(/(.{4})(?=.)/g, '$1 ')
    .toUpperCase();

/**
 * The company account that pays the distributions: the debtor of each SEPA file. The server checks the
 * IBAN (country format and check digits) and the BIC; a bad one is shown next to its field.
 */
export function PayerDialog({
  open,
  payer,
  onClose,
}: {
  open: boolean;
  /** The current setting (the form starts from it); null while none is set. */
  payer: PayerAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('distributions');
  const failure = t('payer.failed');
  const save = useSetPayerAccount({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('payer.title')}
      description={t('payer.description')}
      defaultValues={() => fromPayer(payer)}
      schema={payerAccountInput}
      toBody={toBody}
      onSubmit={async (body) => {
        const saved = await save.mutateAsync(body);
        toastDone(t('payer.saved'), `${saved.data.name}, ${groupIban(saved.data.iban)}`);
      }}
      failure={failure}
      submitLabel={t('payer.save')}
    >
      {(f) => (
        <>
          <Field label={t('payer.name')} error={f.error('name')}>
            <Input autoComplete="organization" maxLength={70} {...f.register('name')} />
          </Field>
          <Field label={t('payer.iban')} error={f.error('iban')}>
            <Input autoComplete="off" spellCheck={false} maxLength={64} {...f.register('iban')} />
          </Field>
          <Field label={t('payer.bic')} error={f.error('bic')}>
            <Input autoComplete="off" spellCheck={false} maxLength={20} {...f.register('bic')} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
