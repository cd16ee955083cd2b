import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsersRound } from 'lucide-react';
import {
  DELEGATION_ROLES,
  delegationInput,
  type Delegation,
  type DelegationInput,
  type DelegationRole,
} from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useCreateDelegation, useDelegations, useRevokeDelegation } from '@/queries/delegations';

/** The words of each role, its rights, and each state (keys of `profile`). */
const ROLE_NAME = {
  viewer: 'delegations.roleName.viewer',
  accountant: 'delegations.roleName.accountant',
  'co-owner': 'delegations.roleName.co-owner',
} as const satisfies Record<DelegationRole, string>;
const ROLE_HINT = {
  viewer: 'delegations.roleHint.viewer',
  accountant: 'delegations.roleHint.accountant',
  'co-owner': 'delegations.roleHint.co-owner',
} as const satisfies Record<DelegationRole, string>;
const STATUS_WORD = {
  active: 'delegations.status.active',
  invited: 'delegations.status.invited',
  expired: 'delegations.status.expired',
  revoked: 'delegations.status.revoked',
} as const satisfies Record<Delegation['status'], string>;

interface InviteForm {
  email: string;
  role: DelegationRole;
  expiresOn: string;
}

/** The invitation: an email, a role (each said in words) and an optional last day. */
function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const failure = t('delegations.inviteFailed');
  const create = useCreateDelegation({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('delegations.inviteTitle')}
      description={t('delegations.inviteDescription')}
      defaultValues={{ email: '', role: 'viewer', expiresOn: '' } satisfies InviteForm}
      schema={delegationInput}
      toBody={(f: InviteForm): DelegationInput => ({
        email: f.email.trim(),
        role: f.role,
        ...(f.expiresOn && { expiresOn: f.expiresOn }),
      })}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        toast({ title: t('delegations.invited', { email: body.email }) });
      }}
      failure={failure}
      submitLabel={t('delegations.invite')}
      pendingLabel={t('delegations.inviting')}
    >
      {(f) => (
        <div className="grid gap-4">
          <Field label={t('delegations.email')} error={f.error('email')}>
            <Input type="email" autoComplete="off" required {...f.register('email')} />
          </Field>
          <Field label={t('delegations.role')} hint={t(ROLE_HINT[f.watch('role')])} error={f.error('role')}>
            <NativeSelect {...f.register('role')}>
              {DELEGATION_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(ROLE_NAME[r])}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label={t('delegations.expiresOn')}
            hint={t('delegations.expiresHint')}
            error={f.error('expiresOn')}
          >
            <Input type="date" {...f.register('expiresOn')} />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}

const STATUS_TONE = {
  active: 'success',
  invited: 'secondary',
  expired: 'outline',
  revoked: 'outline',
} as const;

/** One delegation: the other person, the role, its state and last day, and how to end it while in force. */
function DelegationRow({ d, side }: { d: Delegation; side: 'given' | 'received' }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeDelegation({
    failure: side === 'given' ? t('delegations.revokeFailed') : t('delegations.giveUpFailed'),
  });
  const inForce = d.status === 'active' || d.status === 'invited';
  const label = side === 'given' ? t('delegations.revoke') : t('delegations.giveUp');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
      <div className="grid min-w-0 flex-1 basis-52 gap-0.5">
        <span className="font-medium wrap-anywhere">{d.person.name}</span>
        {d.person.email !== d.person.name && (
          <span className="text-xs wrap-anywhere text-muted-foreground">{d.person.email}</span>
        )}
        <span className="text-xs text-muted-foreground">
          {t(ROLE_NAME[d.role])} ·{' '}
          {d.expiresOn
            ? t('delegations.until', { date: formatDate(d.expiresOn) })
            : t('delegations.untilRevoked')}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <Badge variant={STATUS_TONE[d.status]}>{t(STATUS_WORD[d.status])}</Badge>
        {inForce && (
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            aria-label={`${label}: ${d.person.name}`}
            onClick={() =>
              revoke.mutate(d._id, {
                onSuccess: () =>
                  toast({
                    title:
                      side === 'given'
                        ? t('delegations.revoked', { name: d.person.name })
                        : t('delegations.gaveUp', { name: d.person.name }),
                  }),
              })
            }
          >
            {label}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Delegated access (issue 36, ADR 032): whom the investor let see or act on their portfolio, in which
 * role and until when (invite, revoke), and the portfolios others let them see (give up).
 */
export function DelegationsPanel() {
  const { t } = useTranslation(['profile', 'common']);
  const idBase = useId();
  const lists = useDelegations();
  const [open, setOpen] = useState(false);

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby={`${idBase}-title`}>
      <div className="grid gap-1">
        <h2 id={`${idBase}-title`} className="flex items-center gap-2 font-semibold">
          <UsersRound className="size-4" aria-hidden="true" /> {t('delegations.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('delegations.intro')}</p>
      </div>
      {lists.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {messageOf(lists.error, t('delegations.loadFailed'))}
        </p>
      ) : !lists.data ? (
        <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
      ) : (
        <>
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">{t('delegations.given')}</h3>
            {lists.data.given.length ? (
              <ul className="grid gap-2">
                {lists.data.given.map((d) => (
                  <DelegationRow key={d._id} d={d} side="given" />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('delegations.noneGiven')}</p>
            )}
            <div>
              <Button onClick={() => setOpen(true)}>{t('delegations.inviteButton')}</Button>
            </div>
          </div>
          {lists.data.received.length > 0 && (
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">{t('delegations.received')}</h3>
              <ul className="grid gap-2">
                {lists.data.received.map((d) => (
                  <DelegationRow key={d._id} d={d} side="received" />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      <InviteDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
