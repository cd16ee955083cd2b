import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { supportContactInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import {
  supportContactKey,
  supportSettingKey,
  useSetSupportSetting,
  useSupportSetting,
} from '@/queries/support';

interface ContactForm {
  whatsapp: string;
  email: string;
}
const FIELDS = ['whatsapp', 'email'] as const;

/**
 * The admins' setting behind the investors' chat button: a WhatsApp number and a support email. With
 * no number the button writes to the email; with neither it is not shown.
 */
export function SupportContactForm() {
  const { t } = useTranslation(['profile', 'common']);
  const queryClient = useQueryClient();
  const current = useSupportSetting();
  const { register, handleSubmit, setError, formState } = useForm<ContactForm>({
    defaultValues: { whatsapp: '', email: '' },
    // The setting as saved, each time it is read again.
    values: current.data
      ? { whatsapp: current.data.whatsapp ?? '', email: current.data.email ?? '' }
      : undefined,
    resolver: contractResolver<ContactForm>(
      supportContactInput,
      (v) => v,
      () => true,
    ),
    // Messages stay until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  const save = useSetSupportSetting({
    onSuccess: (res) => {
      queryClient.setQueryData(supportSettingKey, res.data);
      queryClient.setQueryData(supportContactKey, res.data);
      toast({ title: t('support.updated') });
    },
    failure: { fallback: t('support.failed') },
  });

  // The body is the schema's tidied values (the number without spaces, empty as null).
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(supportContactInput.parse(values));
    } catch (err) {
      // Toasted by the write; a 400's field problems also go next to their fields.
      const fields = serverFieldErrors(err);
      const invalid = FIELDS.filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
    }
  });

  if (!current.data) return null;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-4"
      aria-labelledby="support-contact-title"
    >
      <div className="grid gap-1">
        <h3 id="support-contact-title" className="font-semibold">
          {t('support.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('support.intro')}</p>
      </div>
      <Field label={t('support.whatsapp')} hint={t('support.whatsappHint')} error={errors.whatsapp?.message}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+358 40 123 4567"
          {...register('whatsapp')}
        />
      </Field>
      <Field label={t('support.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="off" placeholder="support@yourcompany.com" {...register('email')} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common:saving') : t('support.save')}
        </Button>
      </div>
    </form>
  );
}
