import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Mail, Send } from 'lucide-react';
import {
  issueText,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_LINK_MESSAGE,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_RECIPIENTS_MESSAGE,
  NOTIFICATION_REQUIRED_MESSAGE,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
  sendNotificationInput,
  type NotificationRecipient,
  type NotificationType,
  type SendNotificationInput,
} from '@portal/contracts';
import { NotificationTypeIcon, notificationTypeLabel } from '@/components/notification-type-icon';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRecipients, useSendNotification } from '@/queries/notifications';
import { RecipientPicker } from './recipient-picker';

interface ComposeValues {
  title: string;
  message: string;
  type: NotificationType;
  link: string;
  audience: 'all' | 'chosen';
  /** The chosen recipients (sent as their ids). */
  userIds: NotificationRecipient[];
  /** Also send it by email (to those who have not turned announcements off). */
  email: boolean;
}
const FIELDS = ['title', 'message', 'type', 'link', 'userIds'] as const;
const EMPTY: Omit<ComposeValues, 'audience'> = {
  title: '',
  message: '',
  type: 'info',
  link: '',
  userIds: [],
  email: false,
};

/** The body: trimmed, no link when empty, and no `userIds` (everyone) unless users are chosen. */
const toBody = (v: ComposeValues): SendNotificationInput => ({
  title: v.title.trim(),
  message: v.message.trim(),
  type: v.type,
  ...(v.link.trim() ? { link: v.link.trim() } : {}),
  ...(v.audience === 'chosen' ? { userIds: v.userIds.map((u) => u._id) } : {}),
  ...(v.email ? { email: true } : {}),
});

/**
 * The contract's words (the client's check and the server's answer alike) for what the form asks of
 * the admin, each with its message in the page's language; any other problem is shown as it comes.
 */
const PROBLEMS = new Map([
  [NOTIFICATION_REQUIRED_MESSAGE, 'compose.required'],
  [issueText({ path: ['link'], message: NOTIFICATION_LINK_MESSAGE }), 'compose.linkInvalid'],
  [NOTIFICATION_RECIPIENTS_MESSAGE, 'compose.chooseRecipient'],
] as const);

/** Compose and send (docs/product.md §15.9, §18): title and message required, to everyone or chosen users. */
export function ComposeForm() {
  const { t } = useTranslation('notifications');
  const problem = (message: string | undefined) => {
    const key = message && PROBLEMS.get(message);
    return key ? t(key) : message;
  };
  const id = useId();
  const { register, handleSubmit, watch, setValue, setError, clearErrors, setFocus, reset, formState } =
    useForm<ComposeValues>({
      defaultValues: { ...EMPTY, audience: 'all' },
      resolver: contractResolver<ComposeValues>(sendNotificationInput, toBody, () => true),
      shouldFocusError: false,
    });
  const { errors } = formState;
  const [title, message, type, audience, chosen] = watch(['title', 'message', 'type', 'audience', 'userIds']);
  const everyone = useRecipients('');
  const send = useSendNotification();
  const activeCount = everyone.data?.activeCount;
  /** The last send's emails (queued, and skipped: turned off), with the link to them in the outbox. */
  const [emailed, setEmailed] = useState<{ text: string; batchId: string } | null>(null);

  const onSubmit = handleSubmit(
    async (values) => {
      setEmailed(null);
      try {
        const res = await send.mutateAsync(toBody(values));
        const { sent, skippedInactive, emailed: queued, emailSkipped, batchId } = res.data;
        const queuedText = t('compose.emailsQueued', { count: queued, n: formatNumber(queued) });
        const emails = emailSkipped
          ? t('compose.emailsSkipped', { queued: queuedText, n: formatNumber(emailSkipped) })
          : queuedText;
        const parts = [
          t('compose.sentTo', { count: sent, n: formatNumber(sent) }),
          ...(skippedInactive
            ? [t('compose.skippedInactive', { count: skippedInactive, n: formatNumber(skippedInactive) })]
            : []),
          ...(values.email ? [emails] : []),
        ];
        toast({ title: t('compose.sent'), description: t('compose.summary', { parts: parts.join('; ') }) });
        if (queued + emailSkipped > 0 && batchId)
          setEmailed({ text: t('compose.summary', { parts: emails }), batchId });
        reset({ ...EMPTY, audience: values.audience });
      } catch (err) {
        const fields = serverFieldErrors(err);
        const invalid = FIELDS.filter((k) => fields[k]);
        invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      }
    },
    // One problem at a time, in the order docs/product.md §15.9 gives: title and message (toasted),
    // then the link, then the recipients.
    (invalid) => {
      const required = invalid.title ?? invalid.message;
      if (required) {
        clearErrors(['link', 'userIds']);
        toast({ title: problem(required.message), variant: 'destructive' });
        setFocus(invalid.title ? 'title' : 'message');
      } else if (invalid.link) {
        clearErrors('userIds');
        setFocus('link');
      }
    },
  );

  const recipientsErrorId = `${id}-recipients-error`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('compose.title')}</CardTitle>
        <CardDescription>{t('compose.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <Field label={t('compose.titleLabel')} error={problem(errors.title?.message)}>
            <Input
              maxLength={NOTIFICATION_TITLE_MAX}
              placeholder={t('compose.titlePlaceholder')}
              required
              {...register('title')}
            />
          </Field>
          <Field
            label={t('compose.message')}
            hint={t('compose.messageLength', {
              length: formatNumber(message.length),
              max: formatNumber(NOTIFICATION_MESSAGE_MAX),
            })}
            error={problem(errors.message?.message)}
          >
            <Textarea
              maxLength={NOTIFICATION_MESSAGE_MAX}
              rows={4}
              placeholder={t('compose.messagePlaceholder')}
              required
              {...register('message')}
            />
          </Field>
          <Field label={t('compose.type')} error={errors.type?.message}>
            <NativeSelect {...register('type')}>
              {NOTIFICATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {notificationTypeLabel(type)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t('compose.link')} hint={t('compose.linkHint')} error={problem(errors.link?.message)}>
            <Input
              maxLength={NOTIFICATION_LINK_MAX}
              placeholder="/perks"
              inputMode="url"
              autoComplete="off"
              {...register('link')}
            />
          </Field>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">{t('compose.sendTo')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  [
                    'all',
                    t('compose.all'),
                    activeCount === undefined
                      ? t('compose.allHint')
                      : t('compose.allCount', { count: activeCount, n: formatNumber(activeCount) }),
                  ],
                  [
                    'chosen',
                    t('compose.chosen'),
                    chosen.length
                      ? t('compose.chosenCount', { count: chosen.length, n: formatNumber(chosen.length) })
                      : t('compose.pick'),
                  ],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/60"
                >
                  <input
                    type="radio"
                    value={value}
                    className="mt-0.5 size-4 accent-[var(--primary)]"
                    {...register('audience')}
                  />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{label}</span>
                    <span className="text-xs text-muted-foreground">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {audience === 'chosen' && (
              <RecipientPicker
                chosen={chosen}
                onChange={(next) => {
                  setValue('userIds', next);
                  if (next.length) clearErrors('userIds');
                }}
                invalid={!!errors.userIds}
                describedBy={errors.userIds ? recipientsErrorId : undefined}
              />
            )}
            {errors.userIds && (
              <p id={recipientsErrorId} role="alert" className="text-sm font-medium text-destructive">
                {problem(errors.userIds.message)}
              </p>
            )}
          </fieldset>
          <div className="grid gap-1 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/60">
            <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-[var(--primary)]"
                aria-describedby={`${id}-email-hint`}
                {...register('email')}
              />
              {t('compose.email')}
            </label>
            <p id={`${id}-email-hint`} className="pl-7 text-xs text-muted-foreground">
              {t('compose.emailHint')}
            </p>
          </div>
          <Preview title={title} message={message} type={type} />
          {emailed && (
            <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
              <span>{emailed.text}</span>
              <Link
                to={`/admin/email?batch=${encodeURIComponent(emailed.batchId)}`}
                className="font-medium text-primary underline underline-offset-4"
              >
                {t('compose.viewInOutbox')}
              </Link>
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={send.isPending}>
              <Send aria-hidden="true" />
              {send.isPending ? t('compose.sending') : t('compose.send')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** How it will look in the investor's bell. */
function Preview({ title, message, type }: { title: string; message: string; type: NotificationType }) {
  const { t } = useTranslation('notifications');
  if (!title.trim() && !message.trim()) return null;
  return (
    <section aria-label={t('compose.preview')} className="rounded-lg border border-dashed p-3">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {t('compose.preview')}
      </p>
      <div className="flex items-start gap-3">
        <NotificationTypeIcon type={type} />
        <div className="min-w-0">
          <p className="break-words text-sm font-semibold">{title.trim() || t('compose.titleLabel')}</p>
          <p className="line-clamp-2 break-words text-sm text-muted-foreground">
            {message.trim() || t('compose.message')}
          </p>
        </div>
      </div>
    </section>
  );
}
