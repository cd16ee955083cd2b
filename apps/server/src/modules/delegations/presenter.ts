import type { Delegation } from '@portal/contracts';
import { iso } from '../../lib/format';
import type { DelegationRow } from './service';

/** A delegation as its list shows it: the other person by name (the invited email until an account has it). */
export const presentDelegation = (r: DelegationRow): Delegation => ({
  _id: r.id,
  role: r.role,
  expiresOn: r.expiresOn,
  status: r.status,
  createdAt: iso(r.createdAt)!,
  revokedAt: iso(r.revokedAt),
  person: { _id: r.person.id, name: r.person.name ?? r.person.email, email: r.person.email },
});
