import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { checkInterestAmount, interestBounds, interestInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input, Textarea } from '@/components/ui/input';
import { useAuth } from '@/queries/session';
import { formatMoney } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useOpportunity } from '@/queries/projects';
import { useRegisterInterest } from '@/queries/interest';

interface InterestForm {
  name: string;
  email: string;
  phone: string;
  investmentAmount: string;
  message: string;
}
type Errors = Partial<Record<keyof InterestForm, string>>;

type Bounds = { min: number; max: number };

/** The form as it starts (and starts again after a submission): the signed-in investor's name and email. */
const initial = (user: { name?: string; email?: string } | null): InterestForm => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  phone: '',
  investmentAmount: '',
  message: '',
});

/**
 * Checks the form with the same rules the server uses (the amount within the open opportunity's
 * bounds); answers the payload or the errors by field.
 */
export function checkInterest(form: InterestForm, bounds: Bounds = interestBounds(null)) {
  const parsed = interestInput.safeParse(form);
  const errors: Errors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof InterestForm;
      errors[key] ??= issue.message;
    }
  const amount = parsed.success ? checkInterestAmount(parsed.data.investmentAmount, bounds) : null;
  if (amount) errors.investmentAmount ??= amount;
  if (parsed.success && !amount) return { payload: parsed.data, errors: null };
  return { payload: null, errors };
}

/** 'Register Your Interest' (docs/product.md §8): stored on the server, then the form is cleared. */
export function InterestForm() {
  const { user } = useAuth();
  const bounds = interestBounds(useOpportunity().data ?? null);
  const [form, setForm] = useState<InterestForm>(() => initial(user));
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegisterInterest();
  const set = (k: keyof InterestForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { payload, errors: found } = checkInterest(form, bounds);
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
      setForm(initial(user));
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
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
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
              hint={`Optional · between ${formatMoney(bounds.min)} and ${formatMoney(bounds.max)}`}
              error={errors.investmentAmount}
            >
              <Input
                name="investmentAmount"
                type="number"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                step={1000}
                placeholder={`Min: ${formatMoney(bounds.min)}`}
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
