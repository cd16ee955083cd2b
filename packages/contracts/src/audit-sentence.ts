import { englishTranslator } from '@portal/i18n';
import type { AuditEntity, AuditEntry } from './audit';
import type { BookingType, InterestStatus, StayReportStatus } from './value-sets';

/**
 * Every action the server records, by kind of object. The server's `recordAudit` accepts only these
 * pairs, and each has a sentence below, so a new action cannot be written without one.
 */
export const AUDIT_ACTIONS = {
  user: [
    'create',
    'update',
    'delete',
    'activate',
    'deactivate',
    'bank-account',
    'kyc-verify',
    'kyc-reject',
    'erasure-request',
    'erasure-withdraw',
    'erasure-refuse',
    'erasure-carry-out',
  ],
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
  stay_report: ['update'],
  offering: ['create', 'update', 'close'],
  subscription: ['accept', 'reject'],
  capital_call: ['create'],
  bank_statement: ['import', 'assign'],
  allocation: ['create', 'run', 'delete'],
  stay_rules: ['update'],
  // Delegated access (ADR 032): given, revoked by the principal, given up by the delegate, and a
  // delegate's write on the principal's portfolio.
  delegation: ['create', 'revoke', 'give-up', 'act'],
} as const satisfies Record<AuditEntity, readonly string[]>;

export type AuditAction<E extends AuditEntity = AuditEntity> = (typeof AUDIT_ACTIONS)[E][number];

/** An (entity, action) pair the server may record: `{ entity: 'booking', action: 'approve' }`. */
export type AuditKind = { [E in AuditEntity]: { entity: E; action: AuditAction<E> } }[AuditEntity];

/**
 * An entry's sentence as a message of the `admin` namespace (`admin:audit.sentence.…`) and its values:
 * names and numbers raw (amounts in euros worded `{{amount, money}}`, days `{{date, day}}`, months
 * `{{period, month}}`), and the parts a language words its own way (the project it happened at, whose
 * object it was, the object's name) as messages of their own, worded first.
 */
export interface AuditMessage {
  key: string;
  params: Record<string, AuditParam>;
}
/** A list of parameters is worded part by part and joined with commas. */
export type AuditParam = string | number | AuditMessage | AuditParam[];

/** What words a message: an i18next `t` of any namespace (the keys name theirs). */
export type AuditTranslate = (key: string, params: Record<string, string | number>) => string;

/** What a sentence is made of: the entry, and its details read safely. */
interface Parts {
  /** The actor's name (a deleted account's words once it is gone). */
  who: AuditParam;
  /** The person the entry is about, or the words for an unknown investor. */
  person: AuditParam;
  /** "Lukas Berg's" / "von Lukas Berg", or the words for an unknown investor's. */
  persons: AuditParam;
  /** ' at Aurora Lakeside Cabins', or ''. */
  at: AuditParam;
  /** The project's name, or 'a project'. */
  project: AuditParam;
  d: Record<string, unknown>;
  e: AuditEntry;
}

const msg = (key: string, params: Record<string, AuditParam> = {}): AuditMessage => ({ key, params });
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const amount = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
/** 'totalInvestment' -> 'total investment', 'annualROI' -> 'annual ROI'. */
const fieldWords = (f: string) =>
  f
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
/** The words of each field an audited change names (the columns the admin's forms change). */
const FIELD_WORDS: Record<string, string> = {
  name: 'admin:audit.field.name',
  location: 'admin:audit.field.location',
  status: 'admin:audit.field.status',
  totalInvestment: 'admin:audit.field.totalInvestment',
  totalReturned: 'admin:audit.field.totalReturned',
  annualROI: 'admin:audit.field.annualROI',
  investmentDate: 'admin:audit.field.investmentDate',
  investmentPeriod: 'admin:audit.field.investmentPeriod',
  expectedMonthlyReturn: 'admin:audit.field.expectedMonthlyReturn',
  rentalSharePercent: 'admin:audit.field.rentalSharePercent',
  description: 'admin:audit.field.description',
  expectedCompletion: 'admin:audit.field.expectedCompletion',
  opportunity: 'admin:audit.field.opportunity',
  email: 'admin:audit.field.email',
  investorId: 'admin:audit.field.investorId',
  phone: 'admin:audit.field.phone',
  address: 'admin:audit.field.address',
  city: 'admin:audit.field.city',
  country: 'admin:audit.field.country',
  postalCode: 'admin:audit.field.postalCode',
  dateOfBirth: 'admin:audit.field.dateOfBirth',
  category: 'admin:audit.field.category',
  type: 'admin:audit.field.type',
  isNew: 'admin:audit.field.isNew',
  uploadDate: 'admin:audit.field.uploadDate',
  title: 'admin:audit.field.title',
  thumbnail: 'admin:audit.field.thumbnail',
  url: 'admin:audit.field.url',
  duration: 'admin:audit.field.duration',
  date: 'admin:audit.field.date',
  projectId: 'admin:audit.field.projectId',
  priority: 'admin:audit.field.priority',
  excerpt: 'admin:audit.field.excerpt',
  content: 'admin:audit.field.content',
  images: 'admin:audit.field.images',
  translations: 'admin:audit.field.translations',
};
/**
 * ' (name, location)' from the changed fields, or '': each field in the reader's language, a field
 * without words of its own by its name in words.
 */
const fields = (d: Record<string, unknown>): AuditParam => {
  const list = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : [];
  return list.length
    ? msg('admin:audit.sentence.part.fields', {
        list: list.map((f) => (Object.hasOwn(FIELD_WORDS, f) ? msg(FIELD_WORDS[f]!) : fieldWords(f))),
      })
    : '';
};
const month = (d: Record<string, unknown>): AuditParam => {
  const m = text(d.month);
  return m ? msg('admin:audit.sentence.part.forMonth', { month: m }) : '';
};
const DAY_MS = 86_400_000;
/** The nights from the first to the last, comma-separated (as `{{nights, stay}}` reads them). */
function nightsFrom(first: string, last: string): string | null {
  const [a, b] = [Date.parse(`${first}T00:00:00Z`), Date.parse(`${last}T00:00:00Z`)];
  if (!Number.isFinite(a) || !Number.isFinite(b) || b < a || b - a > 400 * DAY_MS) return null;
  const out: string[] = [];
  for (let t = a; t <= b; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out.join(',');
}
const nights = (d: Record<string, unknown>): AuditParam => {
  const first = text(d.firstNight);
  const last = text(d.lastNight);
  const range = first && last ? nightsFrom(first, last) : null;
  if (range) return msg('admin:audit.sentence.part.stay', { nights: range });
  const n = amount(d.nights);
  return n === null ? '' : msg('admin:audit.sentence.part.nights', { count: n });
};
const BOOKING_WHAT = {
  personal: 'admin:audit.sentence.booking.what.stay',
  gift: 'admin:audit.sentence.booking.what.gift',
  rental: 'admin:audit.sentence.booking.what.rental',
} as const satisfies Record<BookingType, string>;
const bookingWhat = (d: Record<string, unknown>): AuditMessage => {
  const type = text(d.type);
  return msg(
    type && type in BOOKING_WHAT
      ? BOOKING_WHAT[type as BookingType]
      : 'admin:audit.sentence.booking.what.booking',
  );
};
/** What an object is called: 'the perk “Sauna evening”', or 'a perk' when no name was recorded. */
const NOUNS = {
  mediaItem: ['admin:audit.sentence.named.mediaItem', 'admin:audit.sentence.unnamed.mediaItem'],
  update: ['admin:audit.sentence.named.update', 'admin:audit.sentence.unnamed.update'],
  perk: ['admin:audit.sentence.named.perk', 'admin:audit.sentence.unnamed.perk'],
  document: ['admin:audit.sentence.named.document', 'admin:audit.sentence.unnamed.document'],
  notification: ['admin:audit.sentence.named.notification', 'admin:audit.sentence.unnamed.notification'],
  cabin: ['admin:audit.sentence.named.cabin', 'admin:audit.sentence.unnamed.cabin'],
  highSeason: ['admin:audit.sentence.named.highSeason', 'admin:audit.sentence.unnamed.highSeason'],
  allocation: ['admin:audit.sentence.named.allocation', 'admin:audit.sentence.unnamed.allocation'],
} as const;
const named = (p: Parts, noun: keyof typeof NOUNS): AuditMessage => {
  const name = text(p.d.name) ?? text(p.d.title);
  return name ? msg(NOUNS[noun][0], { name }) : msg(NOUNS[noun][1]);
};
const forWhom = (p: Parts): AuditParam =>
  p.e.subject ? msg('admin:audit.sentence.part.forWhom', { name: p.e.subject.name }) : '';
const newFile = (p: Parts): AuditParam =>
  p.d.fileReplaced === true ? msg('admin:audit.sentence.part.newFile') : '';
/** ' to 7 investors', or ''. */
const toInvestors = (n: number | null): AuditParam =>
  n === null ? '' : msg('admin:audit.sentence.part.toInvestors', { count: n });
const base = (p: Parts) => ({ who: p.who, persons: p.persons, at: p.at });

type Sentences = { [E in AuditEntity]: { [A in AuditAction<E>]: (p: Parts) => AuditMessage } };

const SENTENCES: Sentences = {
  user: {
    create: (p) => msg('admin:audit.sentence.user.create', { who: p.who, name: text(p.d.name) ?? p.person }),
    update: (p) => msg('admin:audit.sentence.user.update', { ...base(p), fields: fields(p.d) }),
    delete: (p) => {
      const email = text(p.d.email);
      return msg(email ? 'admin:audit.sentence.user.deleteWithEmail' : 'admin:audit.sentence.user.delete', {
        who: p.who,
        name: text(p.d.name) ?? p.person,
        ...(email ? { email } : {}),
      });
    },
    activate: (p) => msg('admin:audit.sentence.user.activate', base(p)),
    deactivate: (p) => msg('admin:audit.sentence.user.deactivate', base(p)),
    'bank-account': (p) => {
      const to = [text(p.d.holder), text(p.d.iban)].filter(Boolean).join(', ');
      const own = !!p.e.actor && !!p.e.subject && p.e.actor._id === p.e.subject._id;
      const toPart = to ? msg('admin:audit.sentence.part.to', { to }) : '';
      return own
        ? msg('admin:audit.sentence.user.ownBankAccount', { who: p.who, to: toPart })
        : msg('admin:audit.sentence.user.bankAccount', { ...base(p), to: toPart });
    },
    'kyc-verify': (p) => msg('admin:audit.sentence.user.kycVerify', base(p)),
    'kyc-reject': (p) => {
      const reason = text(p.d.reason);
      return reason
        ? msg('admin:audit.sentence.user.kycRejectBecause', { ...base(p), reason })
        : msg('admin:audit.sentence.user.kycReject', base(p));
    },
    // The investor's own request and its withdrawal; their reason is never recorded (it may be personal).
    'erasure-request': (p) => msg('admin:audit.sentence.user.erasureRequest', { who: p.who }),
    'erasure-withdraw': (p) => msg('admin:audit.sentence.user.erasureWithdraw', { who: p.who }),
    'erasure-refuse': (p) => {
      const reason = text(p.d.reason);
      return reason
        ? msg('admin:audit.sentence.user.erasureRefuseBecause', { ...base(p), reason })
        : msg('admin:audit.sentence.user.erasureRefuse', base(p));
    },
    // The person is named by their pseudonym from then on.
    'erasure-carry-out': (p) =>
      msg('admin:audit.sentence.user.erasureCarryOut', { who: p.who, name: p.person }),
  },
  investment: {
    update: (p) => {
      const m = amount(p.d.amount);
      return m === null
        ? msg('admin:audit.sentence.investment.update', { ...base(p), project: p.project })
        : msg('admin:audit.sentence.investment.updateTo', { ...base(p), project: p.project, amount: m });
    },
    delete: (p) => msg('admin:audit.sentence.investment.delete', { ...base(p), project: p.project }),
  },
  'monthly-return': {
    create: (p) => {
      const m = amount(p.d.amount);
      return msg(
        m === null ? 'admin:audit.sentence.return.create' : 'admin:audit.sentence.return.createAmount',
        { ...base(p), month: month(p.d), ...(m === null ? {} : { amount: m }) },
      );
    },
    update: (p) => {
      const [from, to] = [amount(p.d.from), amount(p.d.to)];
      const change =
        from !== null && to !== null
          ? msg('admin:audit.sentence.part.fromTo', { from, to })
          : to !== null
            ? msg('admin:audit.sentence.part.toAmount', { to })
            : '';
      return msg('admin:audit.sentence.return.update', { ...base(p), month: month(p.d), change });
    },
    delete: (p) => {
      const m = amount(p.d.amount);
      return msg(
        m === null ? 'admin:audit.sentence.return.delete' : 'admin:audit.sentence.return.deleteAmount',
        { ...base(p), month: month(p.d), ...(m === null ? {} : { amount: m }) },
      );
    },
    import: (p) => {
      const rows = amount(p.d.rows);
      const [income, capital] = [amount(p.d.income), amount(p.d.capital)];
      const split =
        income !== null && capital !== null
          ? msg('admin:audit.sentence.part.split', { income, capital })
          : '';
      return rows === null
        ? msg('admin:audit.sentence.return.import', { who: p.who, split })
        : msg('admin:audit.sentence.return.importRows', { who: p.who, count: rows, split });
    },
  },
  project: {
    create: (p) =>
      msg('admin:audit.sentence.project.create', { who: p.who, name: text(p.d.name) ?? p.project }),
    update: (p) => {
      const name = p.e.project?.name ?? text(p.d.name) ?? msg('admin:audit.sentence.part.aProject');
      const list = Array.isArray(p.d.fields) ? p.d.fields : [];
      if (list.length === 1 && list[0] === 'opportunity') {
        if (p.d.openForInterest === true)
          return msg('admin:audit.sentence.project.open', { who: p.who, name });
        if (p.d.openForInterest === false)
          return msg('admin:audit.sentence.project.close', { who: p.who, name });
        return msg('admin:audit.sentence.project.opportunity', { who: p.who, name });
      }
      return msg('admin:audit.sentence.project.update', { who: p.who, name, fields: fields(p.d) });
    },
    delete: (p) => {
      const name = text(p.d.name);
      return name
        ? msg('admin:audit.sentence.project.delete', { who: p.who, name })
        : msg('admin:audit.sentence.project.deleteUnnamed', { who: p.who });
    },
    archive: (p) =>
      projectNamed(p, 'admin:audit.sentence.project.archive', 'admin:audit.sentence.project.archiveUnnamed'),
    restore: (p) =>
      projectNamed(p, 'admin:audit.sentence.project.restore', 'admin:audit.sentence.project.restoreUnnamed'),
  },
  'project-media': {
    create: (p) =>
      msg('admin:audit.sentence.object.add', { ...base(p), what: named(p, 'mediaItem'), extra: '' }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', {
        ...base(p),
        what: named(p, 'mediaItem'),
        extra: joined(newFile(p), fields(p.d)),
      }),
    delete: (p) => msg('admin:audit.sentence.object.delete', { ...base(p), what: named(p, 'mediaItem') }),
  },
  update: {
    create: (p) => msg('admin:audit.sentence.object.post', { ...base(p), what: named(p, 'update') }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', { ...base(p), what: named(p, 'update'), extra: fields(p.d) }),
    delete: (p) => msg('admin:audit.sentence.object.delete', { ...base(p), what: named(p, 'update') }),
  },
  perk: {
    create: (p) => msg('admin:audit.sentence.object.add', { ...base(p), what: named(p, 'perk'), extra: '' }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', { ...base(p), what: named(p, 'perk'), extra: '' }),
    delete: (p) => msg('admin:audit.sentence.object.delete', { ...base(p), what: named(p, 'perk') }),
  },
  cabin_allowance: {
    update: (p) => {
      const [total, bonus] = [amount(p.d.totalNights), amount(p.d.bonusNights)];
      const expires = text(p.d.expiresAt);
      const what =
        total === null
          ? ''
          : msg('admin:audit.sentence.allowance.nights', {
              count: total,
              bonus: bonus ? msg('admin:audit.sentence.allowance.bonus', { bonus }) : '',
              until: expires
                ? msg('admin:audit.sentence.allowance.until', { date: expires.slice(0, 10) })
                : '',
            });
      return msg('admin:audit.sentence.allowance.update', { ...base(p), what });
    },
  },
  booking: {
    approve: (p) =>
      msg('admin:audit.sentence.booking.approve', {
        ...base(p),
        what: bookingWhat(p.d),
        nights: nights(p.d),
      }),
    decline: (p) =>
      msg('admin:audit.sentence.booking.decline', {
        ...base(p),
        what: bookingWhat(p.d),
        nights: nights(p.d),
      }),
    'record-rental-income': (p) => {
      const m = amount(p.d.grossIncome);
      return m === null
        ? msg('admin:audit.sentence.booking.recordIncome', base(p))
        : msg('admin:audit.sentence.booking.recordIncomeOf', { ...base(p), amount: m });
    },
    'remove-rental-income': (p) => msg('admin:audit.sentence.booking.removeIncome', base(p)),
  },
  activity_request: {
    approve: (p) => msg('admin:audit.sentence.activity.approve', { ...base(p), activity: activity(p) }),
    decline: (p) => msg('admin:audit.sentence.activity.decline', { ...base(p), activity: activity(p) }),
  },
  document: {
    create: (p) =>
      msg('admin:audit.sentence.object.upload', { ...base(p), what: named(p, 'document'), for: forWhom(p) }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', {
        ...base(p),
        what: named(p, 'document'),
        extra: joined(forWhom(p), newFile(p), fields(p.d)),
      }),
    delete: (p) =>
      msg('admin:audit.sentence.object.deleteFor', {
        ...base(p),
        what: named(p, 'document'),
        for: forWhom(p),
      }),
  },
  'user-media': {
    create: (p) =>
      msg('admin:audit.sentence.object.upload', { ...base(p), what: named(p, 'mediaItem'), for: forWhom(p) }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', {
        ...base(p),
        what: named(p, 'mediaItem'),
        extra: joined(forWhom(p), newFile(p), fields(p.d)),
      }),
    delete: (p) =>
      msg('admin:audit.sentence.object.deleteFor', {
        ...base(p),
        what: named(p, 'mediaItem'),
        for: forWhom(p),
      }),
  },
  notification: {
    send: (p) =>
      msg(
        p.d.recipients === 'chosen'
          ? 'admin:audit.sentence.notification.sendChosen'
          : 'admin:audit.sentence.notification.sendAll',
        { who: p.who, what: named(p, 'notification') },
      ),
    delete: (p) =>
      msg('admin:audit.sentence.notification.delete', { who: p.who, what: named(p, 'notification') }),
  },
  interest: {
    update: (p) => {
      const name = text(p.d.name);
      const status = text(p.d.status);
      return msg('admin:audit.sentence.interest.update', {
        who: p.who,
        whose: name
          ? msg('admin:audit.sentence.interest.named', { name })
          : msg('admin:audit.sentence.interest.unnamed'),
        status: status ? msg('admin:audit.sentence.interest.status', { status: interestStatus(status) }) : '',
      });
    },
  },
  settings: {
    update: (p) => {
      if (p.e.entityId === 'security') {
        const on = p.d.requireAdminTotp;
        if (on === true) return msg('admin:audit.sentence.settings.totpOn', { who: p.who });
        if (on === false) return msg('admin:audit.sentence.settings.totpOff', { who: p.who });
        return msg('admin:audit.sentence.settings.security', { who: p.who });
      }
      if (p.e.entityId === 'support') return msg('admin:audit.sentence.settings.support', { who: p.who });
      if (p.e.entityId === 'payerAccount') return msg('admin:audit.sentence.settings.payer', { who: p.who });
      return msg('admin:audit.sentence.settings.other', { who: p.who });
    },
  },
  adjustment: {
    create: (p) => {
      const m = amount(p.d.amount);
      const why = text(p.d.reason);
      return msg(
        p.d.kind === 'capital'
          ? 'admin:audit.sentence.adjustment.capital'
          : 'admin:audit.sentence.adjustment.income',
        {
          ...base(p),
          by: m === null ? '' : msg('admin:audit.sentence.part.by', { amount: m }),
          reason: why ? msg('admin:audit.sentence.part.reason', { reason: why }) : '',
        },
      );
    },
  },
  distribution: {
    create: (p) => msg('admin:audit.sentence.distribution.create', { who: p.who, what: distribution(p) }),
    update: (p) =>
      msg('admin:audit.sentence.distribution.update', { who: p.who, what: distribution(p, false) }),
    delete: (p) =>
      msg('admin:audit.sentence.distribution.delete', { who: p.who, what: distribution(p, false) }),
    finalize: (p) =>
      msg('admin:audit.sentence.distribution.finalize', {
        who: p.who,
        what: distribution(p),
        to: toInvestors(amount(p.d.investors)),
      }),
    reverse: (p) => {
      const why = text(p.d.reason);
      return msg('admin:audit.sentence.distribution.reverse', {
        who: p.who,
        what: distribution(p),
        reason: why ? msg('admin:audit.sentence.part.reason', { reason: why }) : '',
      });
    },
    // The bank's files carry the investors' full IBANs: who took one, and when, is kept.
    download: (p) => {
      const n = amount(p.d.payments);
      return msg(
        p.d.file === 'sepa.xml'
          ? 'admin:audit.sentence.distribution.downloadSepa'
          : 'admin:audit.sentence.distribution.downloadPayments',
        {
          who: p.who,
          what: distribution(p),
          payments: n === null ? '' : msg('admin:audit.sentence.part.payments', { count: n }),
        },
      );
    },
  },
  statements: {
    publish: (p) => {
      const period = text(p.d.period);
      return msg('admin:audit.sentence.statements.publish', {
        who: p.who,
        period: period ? msg('admin:audit.sentence.statements.period', { period }) : '',
        to: toInvestors(amount(p.d.investors)),
      });
    },
  },
  cabin: {
    create: (p) => msg('admin:audit.sentence.object.add', { ...base(p), what: named(p, 'cabin'), extra: '' }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', {
        ...base(p),
        what: named(p, 'cabin'),
        extra: p.d.active === false ? msg('admin:audit.sentence.part.closed') : '',
      }),
    delete: (p) => msg('admin:audit.sentence.object.delete', { ...base(p), what: named(p, 'cabin') }),
  },
  high_season: {
    create: (p) =>
      msg('admin:audit.sentence.object.add', {
        ...base(p),
        what: named(p, 'highSeason'),
        extra: seasonDays(p.d),
      }),
    update: (p) =>
      msg('admin:audit.sentence.object.change', {
        ...base(p),
        what: named(p, 'highSeason'),
        extra: seasonDays(p.d),
      }),
    delete: (p) => msg('admin:audit.sentence.object.delete', { ...base(p), what: named(p, 'highSeason') }),
  },
  allocation: {
    create: (p) =>
      msg('admin:audit.sentence.object.add', { ...base(p), what: named(p, 'allocation'), extra: '' }),
    run: (p) =>
      msg('admin:audit.sentence.allocation.run', {
        ...base(p),
        what: named(p, 'allocation'),
        count: typeof p.d.assigned === 'number' ? p.d.assigned : 0,
      }),
    delete: (p) => msg('admin:audit.sentence.object.delete', { ...base(p), what: named(p, 'allocation') }),
  },
  stay_rules: {
    update: (p) => msg('admin:audit.sentence.stayRules.update', base(p)),
  },
  swap_offer: {
    accept: (p) => msg('admin:audit.sentence.swap.accept', base(p)),
  },
  delegation: {
    create: (p) => msg('admin:audit.sentence.delegation.create', delegationParts(p)),
    revoke: (p) => msg('admin:audit.sentence.delegation.revoke', delegationParts(p)),
    'give-up': (p) => msg('admin:audit.sentence.delegation.giveUp', delegationParts(p)),
    act: (p) =>
      msg('admin:audit.sentence.delegation.act', {
        ...delegationParts(p),
        call: text(p.d.call) ?? '',
      }),
  },
  stay_report: {
    update: (p) => {
      const status = text(p.d.status);
      return msg('admin:audit.sentence.stayReport.update', {
        ...base(p),
        status: status
          ? msg('admin:audit.sentence.stayReport.status', { status: stayReportStatus(status) })
          : '',
      });
    },
  },
  offering: {
    create: (p) => msg('admin:audit.sentence.offering.create', { who: p.who, project: p.project }),
    update: (p) => msg('admin:audit.sentence.offering.update', { who: p.who, project: p.project }),
    close: (p) => msg('admin:audit.sentence.offering.close', { who: p.who, project: p.project }),
  },
  subscription: {
    accept: (p) => msg('admin:audit.sentence.subscription.accept', base(p)),
    reject: (p) => {
      const reason = text(p.d.reason);
      return reason
        ? msg('admin:audit.sentence.subscription.rejectWhy', { ...base(p), reason })
        : msg('admin:audit.sentence.subscription.reject', base(p));
    },
  },
  capital_call: {
    create: (p) => {
      const percent = amount(p.d.percent);
      const m = amount(p.d.amount);
      return percent === null || m === null
        ? msg('admin:audit.sentence.capitalCall.createPlain', { who: p.who, at: p.at })
        : msg('admin:audit.sentence.capitalCall.create', { who: p.who, at: p.at, percent, amount: m });
    },
  },
  bank_statement: {
    import: (p) => {
      const n = amount(p.d.entries);
      const matched = amount(p.d.matched);
      return n === null || matched === null
        ? msg('admin:audit.sentence.bankStatement.importPlain', { who: p.who })
        : msg('admin:audit.sentence.bankStatement.import', { who: p.who, count: n, matched });
    },
    assign: (p) => {
      const m = amount(p.d.amount);
      const reference = text(p.d.reference);
      return m === null || !reference
        ? msg('admin:audit.sentence.bankStatement.assignPlain', { who: p.who })
        : msg('admin:audit.sentence.bankStatement.assign', { who: p.who, amount: m, reference });
    },
  },
};

const DELEGATION_ROLE_WORDS: Record<string, string> = {
  viewer: 'admin:audit.sentence.delegation.roles.viewer',
  accountant: 'admin:audit.sentence.delegation.roles.accountant',
  'co-owner': 'admin:audit.sentence.delegation.roles.co-owner',
};
/** A delegation's entry: its delegate's email and role in words, and whose portfolio it is. */
function delegationParts(p: Parts): Record<string, AuditParam> {
  const role = text(p.d.role);
  return {
    who: p.who,
    persons: p.persons,
    email: text(p.d.email) ?? '',
    role: role && role in DELEGATION_ROLE_WORDS ? msg(DELEGATION_ROLE_WORDS[role]!) : (role ?? ''),
  };
}

/** The parts after an object, one after another ('' when none). */
function joined(...parts: AuditParam[]): AuditParam {
  const present = parts.filter((x) => x !== '');
  if (present.length <= 1) return present[0] ?? '';
  return msg('admin:audit.sentence.part.joined', { a: present[0]!, b: joined(...present.slice(1)) });
}

const INTEREST_STATUS_WORDS = {
  new: 'admin:audit.sentence.interest.statuses.new',
  contacted: 'admin:audit.sentence.interest.statuses.contacted',
  closed: 'admin:audit.sentence.interest.statuses.closed',
} as const satisfies Record<InterestStatus, string>;
/** A registration's status in words; one this version does not know, as recorded. */
const interestStatus = (status: string): AuditParam =>
  status in INTEREST_STATUS_WORDS ? msg(INTEREST_STATUS_WORDS[status as InterestStatus]) : status;

const STAY_REPORT_STATUS_WORDS = {
  new: 'admin:audit.sentence.stayReport.statuses.new',
  in_progress: 'admin:audit.sentence.stayReport.statuses.in_progress',
  done: 'admin:audit.sentence.stayReport.statuses.done',
} as const satisfies Record<StayReportStatus, string>;
/** A problem report's status in words; one this version does not know, as recorded. */
const stayReportStatus = (status: string): AuditParam =>
  status in STAY_REPORT_STATUS_WORDS ? msg(STAY_REPORT_STATUS_WORDS[status as StayReportStatus]) : status;

function projectNamed(p: Parts, key: string, unnamed: string): AuditMessage {
  const name = p.e.project?.name ?? text(p.d.name);
  return name ? msg(key, { who: p.who, name }) : msg(unnamed, { who: p.who });
}

function activity(p: Parts): AuditMessage {
  const name = text(p.d.perkName);
  const date = text(p.d.date);
  return msg(
    name
      ? date
        ? 'admin:audit.sentence.activity.namedOn'
        : 'admin:audit.sentence.activity.named'
      : date
        ? 'admin:audit.sentence.activity.someOn'
        : 'admin:audit.sentence.activity.some',
    { ...(name ? { name } : {}), ...(date ? { date: date.slice(0, 10) } : {}) },
  );
}

function seasonDays(d: Record<string, unknown>): AuditParam {
  const [from, to] = [text(d.startsOn), text(d.endsOn)];
  if (!from || !to) return '';
  return from === to
    ? msg('admin:audit.sentence.part.day', { date: from })
    : msg('admin:audit.sentence.part.days', { from, to });
}

/** 'an income distribution of €12,000 for Oct 2026 at Aurora' (the article left out for 'the draft …'). */
function distribution(p: Parts, article = true): AuditMessage {
  const capital = p.d.kind === 'capital';
  const m = amount(p.d.amount);
  const period = text(p.d.period);
  const key = capital
    ? article
      ? 'admin:audit.sentence.distribution.aCapital'
      : 'admin:audit.sentence.distribution.capital'
    : article
      ? 'admin:audit.sentence.distribution.anIncome'
      : 'admin:audit.sentence.distribution.income';
  return msg(key, {
    of: m === null ? '' : msg('admin:audit.sentence.part.of', { amount: m }),
    period: period ? msg('admin:audit.sentence.part.forMonth', { month: period }) : '',
    at: p.at,
  });
}

/** Whether the server records this pair (and so a sentence of its own exists). */
export function isAuditKind(entity: string, action: string): boolean {
  const actions = (AUDIT_ACTIONS as Record<string, readonly string[]>)[entity];
  return !!actions?.includes(action);
}

/**
 * An entry's message and values, worded (`auditText`) as "Anna Admin approved Lukas Berg's stay at Aurora
 * Lakeside Cabins, Jan 11 → Jan 14, 2027". A pair the server no longer records reads "Anna Admin: update
 * of user".
 */
export function auditMessage(e: AuditEntry): AuditMessage {
  const d = e.details ?? {};
  const who: AuditParam = e.actor?.name ?? msg('admin:audit.deletedAccount');
  const p: Parts = {
    who,
    person: e.subject?.name ?? msg('admin:audit.sentence.part.anInvestor'),
    persons: e.subject
      ? msg('admin:audit.sentence.part.persons', { name: e.subject.name })
      : msg('admin:audit.sentence.part.anInvestors'),
    at: e.project ? msg('admin:audit.sentence.part.at', { project: e.project.name }) : '',
    project: e.project?.name ?? msg('admin:audit.sentence.part.aProject'),
    d,
    e,
  };
  if (!isAuditKind(e.entity, e.action))
    return msg('admin:audit.sentence.unknown', {
      who,
      action: e.action,
      entity: e.entity.replace(/[-_]/g, ' '),
    });
  const say = (SENTENCES as Record<string, Record<string, (p: Parts) => AuditMessage>>)[e.entity]![e.action]!;
  return say(p);
}

/** A message worded by `t`, its parts first. */
export function auditWords(t: AuditTranslate, m: AuditMessage): string {
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(m.params)) values[name] = paramWords(t, v);
  return t(m.key, values);
}

function paramWords(t: AuditTranslate, v: AuditParam): string | number {
  if (Array.isArray(v)) return v.map((part) => paramWords(t, part)).join(', ');
  return typeof v === 'object' ? auditWords(t, v) : v;
}

/**
 * An entry as a sentence in the language of `t` (an i18next `t`, the shared formatters registered): the
 * screens word it in the reader's language, the audit CSV in English (`englishTranslator`).
 */
export const auditText = (t: AuditTranslate, e: AuditEntry): string => auditWords(t, auditMessage(e));

let english: ReturnType<typeof englishTranslator> | undefined;
/**
 * An entry as an English sentence, as the audit CSV writes it (a contract: the file's words do not follow
 * anyone's language). The screens word it in the reader's language with `auditText`.
 */
export function auditSentence(e: AuditEntry): string {
  english ??= englishTranslator();
  return auditText(english.t as unknown as AuditTranslate, e);
}

/** 'Admin' or 'Investor': the actor's role as the audit log shows it. */
export const auditRoleLabel = (e: AuditEntry): string =>
  e.actor ? (e.actor.role === 'admin' ? 'Admin' : 'Investor') : 'Deleted account';
