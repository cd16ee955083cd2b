import { addDays } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { BadRequestError, coded } from '../../../lib/errors';
import { rulesOf } from './service';

/** Consecutive nights as stays: ['07-04', '07-05', '07-09'] -> [['07-04', '07-05'], ['07-09']]. */
function staysOf(nights: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const night of nights) {
    const last = runs.at(-1);
    if (last && addDays(last.at(-1)!, 1) === night) last.push(night);
    else runs.push([night]);
  }
  return runs;
}

/** 0 = Sunday … 6 = Saturday of a day 'YYYY-MM-DD'. */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The project's stay rules for a request of `nights` (sorted, distinct), each run of consecutive nights
 * one stay: a stay with a night in a season is at least its `minNights`, and one checking in within the
 * season checks in on one of its weekdays (400 naming the rule). Answers whether the request is
 * last-minute (its first night at most `lastMinuteDays` after `today`), which puts it outside the
 * high-season limit (its nights still count against the allowance).
 */
export async function checkStayRules(
  db: DbOrTx,
  projectId: string,
  nights: readonly string[],
  today: string,
): Promise<{ lastMinute: boolean }> {
  const rules = await rulesOf(db, projectId);
  for (const stay of staysOf(nights)) {
    const checkIn = stay[0]!;
    for (const s of rules.seasons) {
      if (!stay.some((n) => s.from <= n && n <= s.to)) continue;
      if (stay.length < s.minNights)
        throw new BadRequestError(
          coded('stays.rule_min_nights', { count: s.minNights, from: s.from, to: s.to }),
        );
      const days = s.checkInWeekdays;
      if (days.length && s.from <= checkIn && checkIn <= s.to && !days.includes(weekday(checkIn)))
        throw new BadRequestError(
          coded('stays.rule_check_in_day', { weekdays: days.join(','), from: s.from, to: s.to }),
        );
    }
  }
  const first = nights[0];
  return {
    lastMinute: rules.lastMinuteDays > 0 && !!first && first <= addDays(today, rules.lastMinuteDays),
  };
}
