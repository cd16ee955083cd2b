import i18next from 'i18next';
import type { HighSeason } from '@portal/contracts';
import { formatNumber } from '@/lib/format';

type Period = Pick<HighSeason, 'startsOn' | 'endsOn'>;

/** Whether a night ('YYYY-MM-DD') falls in a high-season period (both ends included). */
const inSeason = (night: string, s: Period) => night >= s.startsOn && night <= s.endsOn;

/** How many of these nights fall in one of the high seasons (a night in two overlapping ones counts once). */
export const highSeasonNights = (nights: readonly string[], seasons: readonly Period[]) =>
  nights.filter((n) => seasons.some((s) => inSeason(n, s))).length;

/** '2 high-season nights', '1 high-season night', in the page's language. */
export const highSeasonNightsText = (count: number) =>
  i18next.t('stays:highSeasonNights', { count, n: formatNumber(count) });

/** The seasons some of these nights fall in, each with how many, in date order. */
export function seasonsOfNights<S extends Period>(nights: readonly string[], seasons: readonly S[]) {
  return [...seasons]
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn))
    .map((season) => ({ season, nights: nights.filter((n) => inSeason(n, season)).length }))
    .filter((x) => x.nights > 0);
}

/** The season today falls in, else the next one to start; none when every season is over. */
export function currentOrNextSeason<S extends Period>(seasons: readonly S[], today: string): S | undefined {
  return [...seasons]
    .filter((s) => s.endsOn >= today)
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn))[0];
}
