import type { InterestRegistration } from '@portal/contracts';
import { iso, num } from '../../lib/format';
import type { InterestRow } from './service';

/** The only way a stored submission becomes JSON. */
export function presentInterest(r: InterestRow): InterestRegistration {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    investmentAmount: r.amount == null ? null : num(r.amount),
    message: r.message,
    status: r.status,
    createdAt: iso(r.createdAt)!,
    user: r.user ? { _id: r.user.id, name: r.user.name, email: r.user.email } : null,
  };
}
