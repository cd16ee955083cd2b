import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { supportContactInput, type SupportContact } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { messageOf, toast, toastError } from '@/lib/toast';
import {
  supportContactKey,
  supportSettingKey,
  useSetSupportSetting,
  useSupportSetting,
} from '@/queries/support';

type Errors = Partial<Record<keyof SupportContact, string>>;

/**
 * The admins' setting behind the investors' chat button: a WhatsApp number and a support email. With
 * no number the button writes to the email; with neither it is not shown.
 */
export function SupportContactForm() {
  const queryClient = useQueryClient();
  const current = useSupportSetting();
  const [whatsapp, setWhatsapp] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!current.data) return;
    setWhatsapp(current.data.whatsapp ?? '');
    setEmail(current.data.email ?? '');
  }, [current.data]);

  const save = useSetSupportSetting({
    onSuccess: (res) => {
      queryClient.setQueryData(supportSettingKey, res.data);
      queryClient.setQueryData(supportContactKey, res.data);
      toast({ title: 'Updated' });
    },
    onError: (err) => toastError(messageOf(err, 'Failed to save settings')),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = supportContactInput.safeParse({ whatsapp, email });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SupportContact;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  if (!current.data) return null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="support-contact-title">
      <div className="grid gap-1">
        <h3 id="support-contact-title" className="font-semibold">
          Support contact
        </h3>
        <p className="text-sm text-muted-foreground">
          The chat button on every investor page opens a WhatsApp chat with this number; without one it writes
          to the email address; with neither it is hidden.
        </p>
      </div>
      <Field
        label="WhatsApp number"
        hint="International form: + and the country code, for example +358 40 123 4567."
        error={errors.whatsapp}
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={whatsapp}
          onChange={(e) => setWhatsapp(e.target.value)}
          placeholder="+358 40 123 4567"
        />
      </Field>
      <Field label="Support email" error={errors.email}>
        <Input
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="support@yourcompany.com"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Contact'}
        </Button>
      </div>
    </form>
  );
}
