import type { AuditEntity, AuditEntry } from './audit';
import { monthLabel } from './returns';
import { BOOKING_TYPE_LABELS } from './bookings';
import type { BookingType } from './value-sets';
import { formatNight, nightsText, stayFromTo } from './nights';
import { formatEuro } from './usage';

/**
 * Every action the server records, by kind of object. The server's `recordAudit` accepts only these
 * pairs, and each has a sentence below, so a new action cannot be written without one.
 */
export const AUDIT_ACTIONS = {
  user: ['create', 'update', 'delete', 'activate', 'deactivate', 'bank-account'],
  investment: ['update', 'delete'],
  'monthly-return': ['create', 'update', 'delete', 'import'],
  project: ['create', 'update', 'delete', 'archive', 'restore'],
  'project-media': ['create', 'update', 'delete'],
  update: ['create', 'update', 'delete'],
  perk: ['create', 'update', 'delete'],
  cabin_allowance: ['update'],
  booking: ['approve', 'decline', 'record-rental-income', 'remove-rental-income'],
  activity_request: ['approve', 'decline'],
  document: ['create', 'update', 'delete'],
  'user-media': ['create', 'update', 'delete'],
  notification: ['send', 'delete'],
  interest: ['update'],
  settings: ['update'],
  distribution: ['create', 'update', 'delete', 'finalize', 'download', 'reverse'],
  adjustment: ['create'],
  statements: ['publish'],
  cabin: ['create', 'update', 'delete'],
  high_season: ['create', 'update', 'delete'],
  swap_offer: ['accept'],
  capital_call: ['create'],
  bank_statement: ['import', 'assign'],
} as const satisfies Record<AuditEntity, readonly string[]>;

export type AuditAction<E extends AuditEntity = AuditEntity> = (typeof AUDIT_ACTIONS)[E][number];

/** An (entity, action) pair the server may record: `{ entity: 'booking', action: 'approve' }`. */
export type AuditKind = { [E in AuditEntity]: { entity: E; action: AuditAction<E> } }[AuditEntity];

/** What a sentence is made of: the entry, and its details read safely. */
interface Parts {
  /** The actor's name ('A deleted account' once it is gone). */
  who: string;
  /** The person the entry is about, or the words for them when unknown. */
  person: string;
  /** "Lukas Berg's", or "an investor's". */
  persons: string;
  /** ' at Aurora Lakeside Cabins', or ''. */
  at: string;
  /** The project's name, or 'a project'. */
  project: string;
  d: Record<string, unknown>;
  e: AuditEntry;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const amount = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const money = (v: unknown) => {
  const n = amount(v);
  return n === null ? null : formatEuro(n);
};
const possessive = (name: string) => `${name}'s`;
/** 'totalInvestment' -> 'total investment', 'annualROI' -> 'annual ROI'. */
const fieldWords = (f: string) =>
  f
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
/** ' (name, location)' from the changed fields, or ''. */
const fields = (d: Record<string, unknown>) => {
  const list = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : [];
  return list.length ? ` (${list.map(fieldWords).join(', ')})` : '';
};
const month = (d: Record<string, unknown>) => {
  const m = text(d.month);
  return m ? ` for ${monthLabel(m)}` : '';
};
const nights = (d: Record<string, unknown>): string => {
  const first = text(d.firstNight);
  const last = text(d.lastNight);
  if (first && last) return `, ${stayFromTo(first, last)}`;
  const n = amount(d.nights);
  return n === null ? '' : `, ${nightsText(n)}`;
};
const bookingWhat = (d: Record<string, unknown>) => {
  const type = text(d.type) as BookingType | null;
  const label = type && type in BOOKING_TYPE_LABELS ? BOOKING_TYPE_LABELS[type] : null;
  return label === 'personal stay' ? 'stay' : (label ?? 'booking');
};
/** 'the perk “Sauna evening”', or 'a perk' / 'an update' when no name was recorded. */
const named = (p: Parts, noun: string) => {
  const name = text(p.d.name) ?? text(p.d.title);
  return name ? `the ${noun} “${name}”` : `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
};
const forWhom = (p: Parts) => (p.e.subject ? ` for ${p.e.subject.name}` : '');

type Sentences = { [E in AuditEntity]: { [A in AuditAction<E>]: (p: Parts) => string } };

const SENTENCES: Sentences = {
  user: {
    create: (p) => `${p.who} created the account of ${text(p.d.name) ?? p.person}`,
    update: (p) => `${p.who} changed ${p.persons} profile${fields(p.d)}`,
    delete: (p) => {
      const name = text(p.d.name) ?? p.person;
      const email = text(p.d.email);
      return `${p.who} deleted the account of ${name}${email ? ` (${email})` : ''}`;
    },
    activate: (p) => `${p.who} activated ${p.persons} account`,
    deactivate: (p) => `${p.who} deactivated ${p.persons} account`,
    'bank-account': (p) => {
      const to = [text(p.d.holder), text(p.d.iban)].filter(Boolean).join(', ');
      const whose = p.e.actor && p.e.subject && p.e.actor._id === p.e.subject._id ? 'their' : p.persons;
      return `${p.who} changed ${whose} bank account${to ? ` to ${to}` : ''}`;
    },
  },
  investment: {
    update: (p) => {
      const m = money(p.d.amount);
      return `${p.who} set ${p.persons} investment in ${p.project}${m ? ` to ${m}` : ''}`;
    },
    delete: (p) => `${p.who} removed ${p.persons} investment in ${p.project}`,
  },
  'monthly-return': {
    create: (p) => {
      const m = money(p.d.amount);
      return `${p.who} recorded ${p.persons} return${month(p.d)}${p.at}${m ? `: ${m}` : ''}`;
    },
    update: (p) => {
      const [from, to] = [money(p.d.from), money(p.d.to)];
      const change = from && to ? ` from ${from} to ${to}` : to ? ` to ${to}` : '';
      return `${p.who} changed ${p.persons} return${month(p.d)}${p.at}${change}`;
    },
    delete: (p) => {
      const m = money(p.d.amount);
      return `${p.who} deleted ${p.persons} return${month(p.d)}${p.at}${m ? ` (${m})` : ''}`;
    },
    import: (p) => {
      const rows = amount(p.d.rows);
      const [income, capital] = [amount(p.d.income), amount(p.d.capital)];
      const split = income !== null && capital !== null ? ` (${income} income, ${capital} capital)` : '';
      return `${p.who} imported ${rows === null ? 'monthly returns' : `${rows} monthly return${rows === 1 ? '' : 's'}`}${split}`;
    },
  },
  project: {
    create: (p) => `${p.who} created the project ${text(p.d.name) ?? p.project}`,
    update: (p) => {
      const name = p.e.project?.name ?? text(p.d.name) ?? 'a project';
      const list = Array.isArray(p.d.fields) ? p.d.fields : [];
      if (list.length === 1 && list[0] === 'opportunity') {
        if (p.d.openForInterest === true) return `${p.who} opened ${name} for interest`;
        if (p.d.openForInterest === false) return `${p.who} closed ${name} for interest`;
        return `${p.who} changed the opportunity of ${name}`;
      }
      return `${p.who} changed the project ${name}${fields(p.d)}`;
    },
    delete: (p) => {
      const name = text(p.d.name);
      return `${p.who} deleted ${name ? `the project ${name}` : 'a project'}`;
    },
    archive: (p) => `${p.who} archived the project ${p.e.project?.name ?? text(p.d.name) ?? ''}`.trim(),
    restore: (p) => `${p.who} restored the project ${p.e.project?.name ?? text(p.d.name) ?? ''}`.trim(),
  },
  'project-media': {
    create: (p) => `${p.who} added ${named(p, 'media item')}${p.at}`,
    update: (p) =>
      `${p.who} changed ${named(p, 'media item')}${p.at}${p.d.fileReplaced === true ? ', with a new file' : ''}${fields(p.d)}`,
    delete: (p) => `${p.who} deleted ${named(p, 'media item')}${p.at}`,
  },
  update: {
    create: (p) => `${p.who} posted ${named(p, 'update')}${p.at}`,
    update: (p) => `${p.who} changed ${named(p, 'update')}${p.at}${fields(p.d)}`,
    delete: (p) => `${p.who} deleted ${named(p, 'update')}${p.at}`,
  },
  perk: {
    create: (p) => `${p.who} added ${named(p, 'perk')}${p.at}`,
    update: (p) => `${p.who} changed ${named(p, 'perk')}${p.at}`,
    delete: (p) => `${p.who} deleted ${named(p, 'perk')}${p.at}`,
  },
  cabin_allowance: {
    update: (p) => {
      const [total, bonus] = [amount(p.d.totalNights), amount(p.d.bonusNights)];
      const expires = text(p.d.expiresAt);
      const what =
        total === null
          ? ''
          : `: ${nightsText(total)}${bonus ? ` and ${bonus} bonus` : ''}${expires ? `, until ${formatNight(expires)}` : ''}`;
      return `${p.who} set ${p.persons} cabin nights${p.at}${what}`;
    },
  },
  booking: {
    approve: (p) => `${p.who} approved ${p.persons} ${bookingWhat(p.d)}${p.at}${nights(p.d)}`,
    decline: (p) => `${p.who} declined ${p.persons} ${bookingWhat(p.d)}${p.at}${nights(p.d)}`,
    'record-rental-income': (p) => {
      const m = money(p.d.grossIncome);
      return `${p.who} recorded rental income${m ? ` of ${m}` : ''} for ${p.persons} rental${p.at}`;
    },
    'remove-rental-income': (p) => `${p.who} removed the rental income of ${p.persons} rental${p.at}`,
  },
  activity_request: {
    approve: (p) => `${p.who} approved ${p.persons} request for ${activity(p)}${p.at}`,
    decline: (p) => `${p.who} declined ${p.persons} request for ${activity(p)}${p.at}`,
  },
  document: {
    create: (p) => `${p.who} uploaded ${named(p, 'document')}${p.at}${forWhom(p)}`,
    update: (p) =>
      `${p.who} changed ${named(p, 'document')}${p.at}${forWhom(p)}${p.d.fileReplaced === true ? ', with a new file' : ''}${fields(p.d)}`,
    delete: (p) => `${p.who} deleted ${named(p, 'document')}${p.at}${forWhom(p)}`,
  },
  'user-media': {
    create: (p) => `${p.who} uploaded ${named(p, 'media item')}${p.at}${forWhom(p)}`,
    update: (p) =>
      `${p.who} changed ${named(p, 'media item')}${p.at}${forWhom(p)}${p.d.fileReplaced === true ? ', with a new file' : ''}${fields(p.d)}`,
    delete: (p) => `${p.who} deleted ${named(p, 'media item')}${p.at}${forWhom(p)}`,
  },
  notification: {
    send: (p) => {
      const to = p.d.recipients === 'chosen' ? 'chosen investors' : 'every investor';
      return `${p.who} sent ${named(p, 'notification')} to ${to}`;
    },
    delete: (p) => `${p.who} deleted ${named(p, 'notification')}`,
  },
  interest: {
    update: (p) => {
      const name = text(p.d.name);
      const status = text(p.d.status);
      return `${p.who} marked ${name ? `${possessive(name)} interest registration` : 'an interest registration'}${status ? ` as ${status}` : ''}`;
    },
  },
  settings: {
    update: (p) => {
      if (p.e.entityId === 'security') {
        const on = p.d.requireAdminTotp;
        if (on === true) return `${p.who} required two-factor sign-in for admins`;
        if (on === false) return `${p.who} stopped requiring two-factor sign-in for admins`;
        return `${p.who} changed the security settings`;
      }
      if (p.e.entityId === 'support') return `${p.who} changed the support contact`;
      if (p.e.entityId === 'payerAccount') return `${p.who} changed the fund's payer account`;
      return `${p.who} changed the settings`;
    },
  },
  adjustment: { create: adjustmentSentence },
  distribution: {
    create: (p) => `${p.who} drafted ${distribution(p)}`,
    update: (p) => `${p.who} changed the draft ${distribution(p, false)}`,
    delete: (p) => `${p.who} deleted the draft ${distribution(p, false)}`,
    finalize: (p) => {
      const n = amount(p.d.investors);
      return `${p.who} paid ${distribution(p)}${n === null ? '' : ` to ${n} investor${n === 1 ? '' : 's'}`}`;
    },
    reverse: (p) => {
      const why = text(p.d.reason);
      return `${p.who} reversed ${distribution(p)}${why ? `: ${why}` : ''}`;
    },
    // The bank's files carry the investors' full IBANs: who took one, and when, is kept.
    download: (p) => {
      const file = p.d.file === 'sepa.xml' ? 'the SEPA file' : 'the payments file';
      const n = amount(p.d.payments);
      return `${p.who} downloaded ${file} of ${distribution(p)}${n === null ? '' : ` (${n} payment${n === 1 ? '' : 's'})`}`;
    },
  },
  statements: {
    publish: (p) => {
      const period = text(p.d.period);
      const n = amount(p.d.investors);
      return `${p.who} published the statements${period ? ` of ${period}` : ''}${n === null ? '' : ` to ${n} investor${n === 1 ? '' : 's'}`}`;
    },
  },
  cabin: {
    create: (p) => `${p.who} added ${named(p, 'cabin')}${p.at}`,
    update: (p) =>
      `${p.who} changed ${named(p, 'cabin')}${p.at}${p.d.active === false ? ' (closed to bookings)' : ''}`,
    delete: (p) => `${p.who} deleted ${named(p, 'cabin')}${p.at}`,
  },
  high_season: {
    create: (p) => `${p.who} added ${named(p, 'high season')}${p.at}${seasonDays(p.d)}`,
    update: (p) => `${p.who} changed ${named(p, 'high season')}${p.at}${seasonDays(p.d)}`,
    delete: (p) => `${p.who} deleted ${named(p, 'high season')}${p.at}`,
  },
  swap_offer: {
    accept: (p) => `${p.who} accepted ${p.persons} swap offer${p.at}`,
  },
  capital_call: {
    create: (p) => {
      const pct = amount(p.d.percent);
      const m = money(p.d.amount);
      return `${p.who} called ${pct === null ? 'capital' : `${pct} %`}${m ? ` (${m})` : ''}${p.at}`;
    },
  },
  bank_statement: {
    import: (p) => {
      const n = amount(p.d.entries);
      const m = amount(p.d.matched);
      return `${p.who} imported a bank statement${n === null ? '' : ` of ${n} entr${n === 1 ? 'y' : 'ies'}`}${m === null ? '' : `, ${m} matched`}`;
    },
    assign: (p) => {
      const m = money(p.d.amount);
      const ref = text(p.d.reference);
      return `${p.who} assigned a bank payment${m ? ` of ${m}` : ''}${ref ? ` to the call line ${ref}` : ''}`;
    },
  },
};

function activity(p: Parts): string {
  const name = text(p.d.perkName) ?? 'an activity';
  const date = text(p.d.date);
  return `${name}${date ? ` on ${formatNight(date)}` : ''}`;
}

function seasonDays(d: Record<string, unknown>): string {
  const [from, to] = [text(d.startsOn), text(d.endsOn)];
  return from && to
    ? `, ${from === to ? formatNight(from) : `${formatNight(from)} – ${formatNight(to)}`}`
    : '';
}

/** 'an income distribution of €12,000 for Oct 2026 at Aurora' (the article left out for 'the draft …'). */
/** "Anna Admin adjusted Lukas Berg's income at Aurora by −€454.54: paid twice". */
function adjustmentSentence(p: Parts): string {
  const m = money(p.d.amount);
  const kind = p.d.kind === 'capital' ? 'capital returned' : 'income';
  const why = text(p.d.reason);
  return `${p.who} adjusted ${p.persons} ${kind}${p.at}${m ? ` by ${m}` : ''}${why ? `: ${why}` : ''}`;
}

function distribution(p: Parts, article = true): string {
  const kind = p.d.kind === 'capital' ? 'return of capital' : 'income distribution';
  const m = money(p.d.amount);
  const period = text(p.d.period);
  const a = article ? (kind === 'income distribution' ? 'an ' : 'a ') : '';
  return `${a}${kind}${m ? ` of ${m}` : ''}${period ? ` for ${monthLabel(period)}` : ''}${p.at}`;
}

/** Whether the server records this pair (and so a sentence of its own exists). */
export function isAuditKind(entity: string, action: string): boolean {
  const actions = (AUDIT_ACTIONS as Record<string, readonly string[]>)[entity];
  return !!actions?.includes(action);
}

/**
 * An entry as a sentence with its object: "Anna Admin approved Lukas Berg's stay at Aurora Lakeside
 * Cabins, Jan 11–14, 2027". A pair the server no longer records reads "Anna Admin: update of user".
 * Pure, so the screens, the CSV and a later translation layer share it.
 */
export function auditSentence(e: AuditEntry): string {
  const d = e.details ?? {};
  const who = e.actor?.name ?? 'A deleted account';
  const person = e.subject?.name ?? 'an investor';
  const p: Parts = {
    who,
    person,
    persons: e.subject ? possessive(e.subject.name) : "an investor's",
    at: e.project ? ` at ${e.project.name}` : '',
    project: e.project?.name ?? 'a project',
    d,
    e,
  };
  if (!isAuditKind(e.entity, e.action)) return `${who}: ${e.action} of ${e.entity.replace(/[-_]/g, ' ')}`;
  const say = (SENTENCES as Record<string, Record<string, (p: Parts) => string>>)[e.entity]![e.action]!;
  return say(p);
}

/** 'Admin' or 'Investor': the actor's role as the audit log shows it. */
export const auditRoleLabel = (e: AuditEntry): string =>
  e.actor ? (e.actor.role === 'admin' ? 'Admin' : 'Investor') : 'Deleted account';
