import { z } from 'zod';
import { id } from './common';
import { labelled, says } from './validation';

const calendarDate = (label: string) => z.iso.date({ error: labelled(label, 'validation.calendar_date') });

const wholeNumber = (min: number, max: number, code: Parameters<typeof says>[0]) =>
  z
    .number({ error: says(code) })
    .int({ error: says(code) })
    .min(min, { error: says(code) })
    .max(max, { error: says(code) });

/** A season of the stay rules: stays with a night in it are at least `minNights`, checking in on the weekdays. */
export const stayRuleSeason = z
  .object({
    from: calendarDate('From'),
    to: calendarDate('To'),
    minNights: wholeNumber(1, 60, 'validation.min_nights'),
    /** 0 = Sunday … 6 = Saturday; empty for any day. */
    checkInWeekdays: z
      .array(wholeNumber(0, 6, 'validation.check_in_weekdays'), {
        error: says('validation.check_in_weekdays'),
      })
      .max(7, { error: says('validation.check_in_weekdays') })
      .default([])
      .transform((days) => [...new Set(days)].sort()),
  })
  .refine((s) => s.from <= s.to, { error: says('validation.season_order'), path: ['to'] });
export type StayRuleSeason = z.output<typeof stayRuleSeason>;

/** `PUT /api/admin/projects/{id}/stay-rules` (admin): the whole rules of a project, replaced. */
export const stayRulesInput = z.object({
  turnoverDays: wholeNumber(0, 1, 'validation.turnover_days').default(0),
  lastMinuteDays: wholeNumber(0, 365, 'validation.last_minute_days').default(0),
  seasons: z
    .array(stayRuleSeason, { error: labelled('Seasons', 'validation.not_list') })
    .max(20, { error: says('validation.at_most_20_seasons') })
    .default([]),
});
export type StayRulesInput = z.input<typeof stayRulesInput>;

/** A project's stay rules (the defaults, no turnover and no seasons, when none are set). */
export const stayRules = z.object({
  projectId: z.string(),
  turnoverDays: z.number().int(),
  lastMinuteDays: z.number().int(),
  seasons: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      minNights: z.number().int(),
      checkInWeekdays: z.array(z.number().int()),
    }),
  ),
});
export type StayRules = z.infer<typeof stayRules>;

export const stayRulesParams = z.object({ projectId: id });
export const stayRulesAnswer = z.object({
  success: z.literal(true),
  data: stayRules,
  message: z.string().optional(),
});
