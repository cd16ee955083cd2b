import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** The calendar day `days` after `isoDay`, both 'YYYY-MM-DD'. */
const dayAfter = (isoDay: string, days: number) => {
  const d = new Date(`${isoDay}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Chooses a stay of `count` nights in the calendar on screen: the first day from which `count` nights
 * in a row can be stayed is the check-in, the day after the last of them the check-out. The dialog then
 * says what was chosen (`chosen`, in English unless told: 'Check-in … · Check-out … · 2 nights').
 * Answers the nights chosen ('YYYY-MM-DD').
 */
export async function chooseStay(
  dialog: Locator,
  count: number,
  chosen = new RegExp(`^Check-in .* · Check-out .* · ${count} nights?$`),
) {
  const enabled = await dialog
    .locator('td[data-day]:not([data-disabled]) button')
    .evaluateAll((buttons) => buttons.map((b) => b.parentElement!.dataset.day!));
  const open = new Set(enabled);
  const checkIn = enabled.find((d) =>
    Array.from({ length: count }, (_, i) => dayAfter(d, i)).every((n) => open.has(n)),
  )!;
  expect(checkIn).toBeTruthy();
  await dialog.locator(`td[data-day="${checkIn}"] button`).click();
  await dialog.locator(`td[data-day="${dayAfter(checkIn, count)}"] button`).click();
  await expect(dialog.getByText(chosen)).toBeVisible();
  return Array.from({ length: count }, (_, i) => dayAfter(checkIn, i));
}
