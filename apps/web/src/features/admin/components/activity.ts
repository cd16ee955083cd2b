import type { AuditEntry } from '@portal/contracts';

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  activate: 'activated',
  deactivate: 'deactivated',
  approve: 'approved',
  decline: 'declined',
  send: 'sent',
};

/** "Ava Administrator created user Nora New". */
export function describeActivity(e: AuditEntry): string {
  const d = e.details ?? {};
  const what = ['name', 'title', 'email', 'month'].map((k) => d[k]).find((v) => typeof v === 'string') as
    string | undefined;
  const entity = e.entity.replace(/[-_]/g, ' ');
  return `${e.actor?.name ?? 'A deleted admin'} ${VERBS[e.action] ?? e.action} ${entity}${what ? ` ${what}` : ''}`;
}
