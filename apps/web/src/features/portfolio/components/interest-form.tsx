import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import {
  checkInterestAmount,
  fieldErrors,
  interestAmountMessage,
  interestBounds,
  interestInput,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input, Textarea } from '@/components/ui/input';
import { useAuth } from '@/queries/session';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
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
const FIELDS = ['name', 'email', 'phone', 'investmentAmount', 'message'] as const;

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
 * The contract's body with the amount, when given, within the open opportunity's bounds: checked as the
 * server does, once the rest is valid.
 */
const withinBounds = (bounds: Bounds) =>
  interestInput.refine((v) => !checkInterestAmount(v.investmentAmount, bounds), {
    path: ['investmentAmount'],
    error: interestAmountMessage(bounds.min, bounds.max),
    when: (payload) => payload.issues.length === 0,
  });

/**
 * Checks the form with the same rules the server uses (the amount within the open opportunity's
 * bounds); answers the payload or the errors by field.
 */
export function checkInterest(form: InterestForm, bounds: Bounds = interestBounds(null)) {
  const parsed = withinBounds(bounds).safeParse(form);
  if (parsed.success) return { payload: parsed.data, errors: null };
  return { payload: null, errors: fieldErrors(parsed.error.issues) as Errors };
}

/** 'Register Your Interest' (docs/product.md §8): stored on the server, then the form is cleared. */
export function InterestForm() {
  const { user } = useAuth();
  const { t } = useTranslation('portfolio');
  const bounds = interestBounds(useOpportunity().data ?? null);
  const schema = withinBounds(bounds);
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<InterestForm>({
    defaultValues: initial(user),
    resolver: contractResolver<InterestForm>(
      schema,
      (v) => v,
      () => true,
    ),
    // A field's message goes as soon as it is changed; the next submit checks again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const send = useRegisterInterest({ failure: { fallback: t('interest.failedFallback') } });
  const field = (k: keyof InterestForm) => register(k, { onChange: () => clearErrors(k) });

  // The body is the schema's tidied values (trimmed, the amount a number, empty ones null).
  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(schema.parse(values));
      toast({
        title: t('interest.registeredTitle'),
        description: t('interest.registeredText'),
      });
      reset(initial(user));
    } catch (err) {
      // A 400's field problems next to their fields, the first of them focused; the toast is the
      // request's failure, told by the mutation cache.
      const fields = serverFieldErrors(err);
      const invalid = FIELDS.filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
    }
  });

  const busy = send.isPending;
  return (
    <Card role="region" aria-labelledby="interest-heading">
      <CardHeader>
        <CardTitle id="interest-heading">{t('interest.title')}</CardTitle>
        <CardDescription>{t('interest.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('interest.fullName')} error={errors.name?.message}>
              <Input autoComplete="name" required maxLength={120} {...field('name')} />
            </Field>
            <Field label={t('interest.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="email" required maxLength={254} {...field('email')} />
            </Field>
            <Field label={t('interest.phone')} hint={t('interest.optional')} error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" maxLength={40} {...field('phone')} />
            </Field>
            <Field
              label={t('interest.amount')}
              hint={t('interest.amountHint', { min: formatMoney(bounds.min), max: formatMoney(bounds.max) })}
              error={errors.investmentAmount?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                step={1000}
                placeholder={t('interest.amountPlaceholder', { min: formatMoney(bounds.min) })}
                {...field('investmentAmount')}
              />
            </Field>
          </div>
          <Field label={t('interest.comments')} hint={t('interest.optional')} error={errors.message?.message}>
            <Textarea maxLength={2000} rows={4} {...field('message')} />
          </Field>
          <Button type="submit" disabled={busy} className="justify-self-start">
            <Send aria-hidden="true" />
            {busy ? t('interest.submitting') : t('interest.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
