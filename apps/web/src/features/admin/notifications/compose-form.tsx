import { useId, useRef, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import {
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_LINK_MESSAGE,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_REQUIRED_MESSAGE,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
  type NotificationRecipient,
  type NotificationType,
  isAppPath,
} from '@portal/contracts';
import { NotificationTypeIcon, notificationTypeLabel } from '@/components/notification-type-icon';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useRecipients, useSendNotification } from '@/queries/notifications';
import { toastFailed } from '../components/feedback';
import { RecipientPicker } from './recipient-picker';

type Audience = 'all' | 'chosen';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** Compose and send (docs/product.md §15.9, §18): title and message required, to everyone or chosen users. */
export function ComposeForm() {
  const id = useId();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [type, setType] = useState<NotificationType>('info');
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const [audience, setAudience] = useState<Audience>('all');
  const [chosen, setChosen] = useState<NotificationRecipient[]>([]);
  const [error, setError] = useState<{ fields: boolean; recipients: boolean }>({
    fields: false,
    recipients: false,
  });
  const titleRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const everyone = useRecipients('');
  const send = useSendNotification();
  const fe = useFieldErrors();
  const activeCount = everyone.data?.activeCount;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim() || !message.trim()) {
      setError({ fields: true, recipients: false });
      toast({ title: NOTIFICATION_REQUIRED_MESSAGE, variant: 'destructive' });
      (title.trim() ? messageRef : titleRef).current?.focus();
      return;
    }
    if (link.trim() && !isAppPath(link.trim())) {
      setLinkError(true);
      linkRef.current?.focus();
      return;
    }
    setLinkError(false);
    if (audience === 'chosen' && chosen.length === 0) {
      setError({ fields: false, recipients: true });
      return;
    }
    setError({ fields: false, recipients: false });
    fe.clear();
    try {
      const res = await send.mutateAsync({
        title: title.trim(),
        message: message.trim(),
        type,
        ...(link.trim() ? { link: link.trim() } : {}),
        ...(audience === 'chosen' ? { userIds: chosen.map((u) => u._id) } : {}),
      });
      const { sent, skippedInactive } = res.data;
      toast({
        title: 'Notification sent successfully!',
        description: `Sent to ${plural(sent, 'user')}${skippedInactive ? `; ${plural(skippedInactive, 'inactive user')} skipped` : ''}.`,
      });
      setTitle('');
      setMessage('');
      setType('info');
      setLink('');
      setChosen([]);
    } catch (err) {
      fe.fromError(err);
      toastFailed('Failed to send notification', err);
    }
  }

  const fieldsError = error.fields ? NOTIFICATION_REQUIRED_MESSAGE : null;
  const recipientsErrorId = `${id}-recipients-error`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Compose</CardTitle>
        <CardDescription>It appears at once in the bell of every recipient who is signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <Field label="Title" error={(error.fields && !title.trim() ? fieldsError : null) ?? fe.of('title')}>
            <Input
              ref={titleRef}
              value={title}
              maxLength={NOTIFICATION_TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="e.g. Q3 returns paid"
              required
            />
          </Field>
          <Field
            label="Message"
            hint={`${message.length.toLocaleString('en-US')} / ${NOTIFICATION_MESSAGE_MAX.toLocaleString('en-US')} characters`}
            error={(error.fields && !message.trim() ? fieldsError : null) ?? fe.of('message')}
          >
            <Textarea
              ref={messageRef}
              value={message}
              maxLength={NOTIFICATION_MESSAGE_MAX}
              onChange={(e) => setMessage(e.target.value)}
              rows={4}
              placeholder="What should investors know?"
              required
            />
          </Field>
          <Field label="Type" error={fe.of('type')}>
            <NativeSelect value={type} onChange={(e) => setType(e.target.value as NotificationType)}>
              {NOTIFICATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {notificationTypeLabel(t)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label="Link (optional)"
            hint="A page of the portal that clicking the notification opens, such as /perks or /documents."
            error={linkError ? NOTIFICATION_LINK_MESSAGE.replace(/^link/, 'The link') : null}
          >
            <Input
              ref={linkRef}
              value={link}
              maxLength={NOTIFICATION_LINK_MAX}
              onChange={(e) => {
                setLink(e.target.value);
                if (linkError && (!e.target.value.trim() || isAppPath(e.target.value.trim())))
                  setLinkError(false);
              }}
              placeholder="/perks"
              inputMode="url"
              autoComplete="off"
            />
          </Field>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">Send to</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  [
                    'all',
                    'All users',
                    activeCount === undefined
                      ? 'Every active user, you included'
                      : `${plural(activeCount, 'active user')}, you included`,
                  ],
                  [
                    'chosen',
                    'Chosen users',
                    chosen.length ? `${plural(chosen.length, 'user')} chosen` : 'Pick by name or email',
                  ],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/60"
                >
                  <input
                    type="radio"
                    name={`${id}-audience`}
                    value={value}
                    checked={audience === value}
                    onChange={() => setAudience(value)}
                    className="mt-0.5 size-4 accent-[var(--primary)]"
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
                  setChosen(next);
                  if (next.length) setError((e) => ({ ...e, recipients: false }));
                }}
                invalid={error.recipients}
                describedBy={error.recipients ? recipientsErrorId : undefined}
              />
            )}
            {error.recipients && (
              <p id={recipientsErrorId} role="alert" className="text-sm font-medium text-destructive">
                Choose at least one recipient
              </p>
            )}
          </fieldset>
          <Preview title={title} message={message} type={type} />
          <div className="flex justify-end">
            <Button type="submit" disabled={send.isPending}>
              <Send aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send Notification'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** How it will look in the investor's bell. */
function Preview({ title, message, type }: { title: string; message: string; type: NotificationType }) {
  if (!title.trim() && !message.trim()) return null;
  return (
    <section aria-label="Preview" className="rounded-lg border border-dashed p-3">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">Preview</p>
      <div className="flex items-start gap-3">
        <NotificationTypeIcon type={type} />
        <div className="min-w-0">
          <p className="break-words text-sm font-semibold">{title.trim() || 'Title'}</p>
          <p className="line-clamp-2 break-words text-sm text-muted-foreground">
            {message.trim() || 'Message'}
          </p>
        </div>
      </div>
    </section>
  );
}
