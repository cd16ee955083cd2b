import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { INTEREST_AMOUNT_MAX, INTEREST_AMOUNT_MIN, interestInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input, Textarea } from '@/components/ui/input';
import { messageOf, toast } from '@/lib/toast';
import { useRegisterInterest } from '../api/register-interest';

interface InterestForm {
  name: string;
  email: string;
  phone: string;
  investmentAmount: string;
  message: string;
}
type Errors = Partial<Record<keyof InterestForm, string>>;

const EMPTY: InterestForm = { name: '', email: '', phone: '', investmentAmount: '', message: '' };

/** Checks the form with the same schema the server uses; answers the payload or the errors by field. */
export function checkInterest(form: InterestForm) {
  const parsed = interestInput.safeParse(form);
  if (parsed.success) return { payload: parsed.data, errors: null };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof InterestForm;
    errors[key] ??= issue.message;
  }
  return { payload: null, errors };
}

/** 'Register Your Interest' (spec sections 2 and 5): stored on the server, then the form is cleared. */
export function InterestForm() {
  const [form, setForm] = useState<InterestForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegisterInterest();
  const set = (k: keyof InterestForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { payload, errors: found } = checkInterest(form);
    if (!payload) {
      setErrors(found);
      // Take the keyboard to the first field that needs attention.
      const first = Object.keys(found)[0];
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await register.mutateAsync(payload);
      toast({
        title: 'Interest Registered',
        description: 'Thank you for your interest! Our team will contact you soon.',
      });
      setForm(EMPTY);
      setErrors({});
    } catch (err) {
      setErrors(serverFieldErrors(err));
      toast({
        title: 'Error',
        description: messageOf(err, 'Failed to register interest'),
        variant: 'destructive',
      });
    }
  }

  const busy = register.isPending;
  return (
    <Card role="region" aria-labelledby="interest-heading">
      <CardHeader>
        <CardTitle id="interest-heading">Register Your Interest</CardTitle>
        <CardDescription>
          Tell us how you would like to take part. Registering is free and commits you to nothing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Full Name" error={errors.name}>
              <Input
                name="name"
                autoComplete="name"
                required
                maxLength={120}
                value={form.name}
                onChange={set('name')}
              />
            </Field>
            <Field label="Email" error={errors.email}>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                value={form.email}
                onChange={set('email')}
              />
            </Field>
            <Field label="Phone" hint="Optional" error={errors.phone}>
              <Input
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={40}
                value={form.phone}
                onChange={set('phone')}
              />
            </Field>
            <Field
              label="Intended Investment Amount"
              hint="Optional · between €25,000 and €500,000"
              error={errors.investmentAmount}
            >
              <Input
                name="investmentAmount"
                type="number"
                inputMode="numeric"
                min={INTEREST_AMOUNT_MIN}
                max={INTEREST_AMOUNT_MAX}
                step={1000}
                placeholder="Min: €25,000"
                value={form.investmentAmount}
                onChange={set('investmentAmount')}
              />
            </Field>
          </div>
          <Field label="Additional Comments" hint="Optional" error={errors.message}>
            <Textarea
              name="message"
              maxLength={2000}
              rows={4}
              value={form.message}
              onChange={set('message')}
            />
          </Field>
          <Button type="submit" disabled={busy} className="justify-self-start">
            <Send aria-hidden="true" />
            {busy ? 'Submitting...' : 'Register Interest'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
