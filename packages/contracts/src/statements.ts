import { z } from 'zod';
import { envelope, isoDate, uuidString } from './common';

/** A statement's period: a quarter ('2025-Q3') or a year ('2025'). */
export const statementPeriod = z.string().regex(/^\d{4}(-Q[1-4])?$/, {
  error: (issue) =>
    `period '${String(issue.input).slice(0, 40)}' is not a year (2025) or a quarter (2025-Q3)`,
});
export const statementParams = z.object({ period: statementPeriod });

/** A statement's period as people read it: '2025-Q3' -> 'Q3 2025', '2025' -> '2025'. */
export function statementLabel(period: string): string {
  const m = /^(\d{4})-(Q[1-4])$/.exec(period);
  return m ? `${m[2]} ${m[1]}` : period;
}

/** A statement the investor can download: a period that has ended, in which they held an investment. */
export const statementPeriodInfo = z.object({
  period: z.string(),
  kind: z.enum(['quarterly', 'annual']),
  /** The period's first and last day, `YYYY-MM-DD`. */
  from: z.string(),
  to: z.string(),
});
export type StatementPeriodInfo = z.infer<typeof statementPeriodInfo>;

/**
 * A statement as `GET /api/statements` lists it: published (its period published to the investors: the
 * PDF is stored and never changes, `sha256` is its SHA-256) or preliminary (made from the figures of the
 * moment, which may still change).
 */
export const statementListItem = statementPeriodInfo.extend({
  published: z.boolean(),
  /** The stored PDF's SHA-256 (hex), when published. */
  sha256: z.string().optional(),
});
export type StatementListItem = z.infer<typeof statementListItem>;

export const statementListAnswer = envelope(z.array(statementListItem));

/** The capital account of one holding over a period, in euros. */
const statementFigures = z.object({
  /** Capital invested before the period began, less the capital returned before it began. */
  openingCapital: z.number(),
  /** Capital invested during the period. */
  contributions: z.number(),
  /** Capital paid back during the period. */
  capitalReturned: z.number(),
  /**
   * Income paid during the period: monthly returns (paid on the last day of their month) and rental
   * income (paid on its payment date).
   */
  income: z.number(),
  /** openingCapital + contributions − capitalReturned. */
  closingCapital: z.number(),
});

/** An investor's capital account statement for a quarter or a year. */
export const statement = statementPeriodInfo.extend({
  investorName: z.string(),
  investorId: z.string().nullable(),
  projects: z.array(
    statementFigures.extend({
      projectId: uuidString,
      name: z.string(),
      /** The monthly returns paid during the period, by the month it was paid for, oldest first. */
      incomeByMonth: z.array(z.object({ month: z.string(), amount: z.number() })),
      /** The rental income paid during the period, by payment date, oldest first. Always sent. */
      rentalIncome: z.array(z.object({ date: z.string(), amount: z.number() })).optional(),
      /**
       * The adjustments made during the period (counted in its income or its capital returned), by date,
       * oldest first; each shown as "Adjustment: {reason}". Always sent.
       */
      adjustments: z
        .array(
          z.object({
            date: z.string(),
            kind: z.enum(['income', 'capital']),
            reason: z.string(),
            amount: z.number(),
          }),
        )
        .optional(),
    }),
  ),
  totals: statementFigures,
  /** The portfolio's IRR as of the period's last day (a fraction), null when it cannot be computed. */
  xirr: z.number().nullable(),
});
export type Statement = z.infer<typeof statement>;

export const statementAnswer = envelope(statement);

/**
 * How far a publication is: `running` while a background job tells the investors batch by batch,
 * `published` once every one is told, `failed` when the job gave up (publishing again resumes it).
 */
export const PUBLICATION_STATUSES = ['running', 'published', 'failed'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** A statement period an admin published to the investors. */
export const statementPublication = z.object({
  period: z.string(),
  /** When publishing began. */
  publishedAt: isoDate,
  /** Investors told so far: the progress is `recipients` of `total`. */
  recipients: z.number().int(),
  emailed: z.number().int(),
  /** The emails' batch in the admin's outbox. */
  batchId: uuidString,
  status: z.enum(PUBLICATION_STATUSES),
  /** The investors to reach, counted when publishing began (the final count once published). */
  total: z.number().int(),
  /** Why the job gave up (`failed`), else null. */
  error: z.string().nullable(),
  /** When every investor was told (`published`), else null. */
  finishedAt: isoDate.nullable(),
});
export type StatementPublication = z.infer<typeof statementPublication>;

export const statementPublicationList = z.object({
  publications: z.array(statementPublication),
  /**
   * The periods that have ended and are not published yet, newest first: what can be published now, with
   * the investors it would tell now (`total`) and the emails that would go out (those not opted out).
   */
  publishable: z.array(z.object({ period: z.string(), total: z.number().int(), emails: z.number().int() })),
});
export type StatementPublicationList = z.infer<typeof statementPublicationList>;
