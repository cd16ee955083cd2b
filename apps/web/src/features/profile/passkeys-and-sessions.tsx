import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fingerprint, LogOut, MonitorSmartphone } from 'lucide-react';
import type { Passkey, SignInSession } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useAddPasskey,
  useEndOtherSessions,
  useEndSession,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  useSessions,
} from '@/queries/auth';

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('profile');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey({
    onSuccess: () => setEditing(false),
    failure: { fallback: t('security.renameFailed') },
  });
  const remove = useRemovePasskey({
    onSuccess: () => toast({ title: t('security.passkeyRemoved') }),
    failure: { fallback: t('security.removeFailed') },
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
      {editing ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate({ id: passkey._id, name });
          }}
        >
          <Field label={t('security.renameLabel', { name: passkey.name })}>
            <Input value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
          </Field>
          <Button type="submit" disabled={rename.isPending || !name.trim()}>
            {t('security.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            {t('security.cancel')}
          </Button>
        </form>
      ) : (
        <div className="grid gap-0.5">
          <span className="font-medium">{passkey.name}</span>
          <span className="text-xs text-muted-foreground">
            {t('security.created', { date: formatDate(passkey.createdAt) })} ·{' '}
            {passkey.lastUsedAt
              ? t('security.lastUsed', { date: formatDate(passkey.lastUsedAt) })
              : t('security.neverUsed')}
          </span>
        </div>
      )}
      {!editing && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t('security.renameNamed', { name: passkey.name })}
            onClick={() => {
              setName(passkey.name);
              setEditing(true);
            }}
          >
            {t('security.rename')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('security.removeNamed', { name: passkey.name })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(passkey._id)}
          >
            {t('security.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The user's passkeys: add one (the browser asks the device), rename, remove (ADR 030). */
export function Passkeys() {
  const { t } = useTranslation(['profile', 'common']);
  const list = usePasskeys();
  const [name, setName] = useState('');
  const add = useAddPasskey({
    onSuccess: () => {
      setName('');
      toast({ title: t('security.passkeyAdded') });
    },
    failure: { fallback: t('security.addFailed') },
  });
  return (
    <section className="grid gap-3" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title" className="flex items-center gap-2 font-semibold">
        <Fingerprint className="size-4" aria-hidden="true" /> {t('security.passkeysHeading')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('security.passkeysIntro')}</p>
      {list.data ? (
        list.data.length ? (
          <ul className="grid gap-2">
            {list.data.map((p) => (
              <PasskeyRow key={p._id} passkey={p} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">{t('security.noPasskeys')}</p>
        )
      ) : (
        <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(name.trim() || undefined);
        }}
      >
        <Field label={t('security.passkeyName')}>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('security.adding') : t('security.addPasskey')}
        </Button>
      </form>
    </section>
  );
}

function SessionRow({ session }: { session: SignInSession }) {
  const { t } = useTranslation('profile');
  const end = useEndSession({
    onSuccess: () => toast({ title: t('security.signedOut') }),
    failure: { fallback: t('security.signOutFailed') },
  });
  const device = [session.browser || t('security.unknownBrowser'), session.os].filter(Boolean).join(' · ');
  const place =
    session.network.kind === 'local'
      ? t('security.localNetwork')
      : session.network.kind === 'public'
        ? t('security.network', { prefix: session.network.prefix })
        : t('security.unknownNetwork');
  const via =
    session.method === 'passkey'
      ? t('security.viaPasskey')
      : session.method === 'second-factor'
        ? t('security.viaSecondFactor')
        : t('security.viaPassword');
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
      data-testid="session"
    >
      <div className="grid gap-0.5">
        <span className="flex items-center gap-2 font-medium">
          {device}
          {session.current && <Badge variant="success">{t('security.thisDevice')}</Badge>}
        </span>
        <span className="text-xs text-muted-foreground">
          {place} · {t('security.firstSeen', { date: formatDate(session.firstSeenAt) })} {via} ·{' '}
          {t('security.lastSeen', { date: formatDate(session.lastSeenAt) })}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('security.signOutNamed', { name: device })}
          disabled={end.isPending}
          onClick={() => end.mutate(session._id)}
        >
          <LogOut aria-hidden="true" />
          {t('security.signOut')}
        </Button>
      )}
    </li>
  );
}

/** The devices signed in to the account; sign out one or all others (ADR 030). */
export function Sessions() {
  const { t } = useTranslation(['profile', 'common']);
  const list = useSessions();
  const endOthers = useEndOtherSessions({
    onSuccess: (res) => toast({ title: t('security.signedOutOthers', { count: res.data.ended }) }),
    failure: { fallback: t('security.signOutFailed') },
  });
  const others = list.data?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="grid gap-3" aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="flex items-center gap-2 font-semibold">
        <MonitorSmartphone className="size-4" aria-hidden="true" /> {t('security.sessionsHeading')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('security.sessionsIntro')}</p>
      {list.data ? (
        <ul className="grid gap-2">
          {list.data.map((s) => (
            <SessionRow key={s._id} session={s} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
      )}
      {others > 0 && (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {t('security.signOutOthers')}
        </Button>
      )}
    </section>
  );
}
