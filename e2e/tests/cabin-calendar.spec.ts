import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { expect, expectAccessible, nightAhead, signIn, test } from '../support/fixtures';

const AURORA = 'Aurora Lakeside Cabins';
const PINE = 'Pine Hollow Retreat';

/** The day's name in the calendar: its full date ('Friday, February 12, 2027'), then its states. */
const dayName = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${iso}T12:00:00`));

async function openPerksOf(page: Page, project: string) {
  const session = await signIn(page, 'investor', '/perks');
  await page.getByLabel('Current project').selectOption({ label: project });
  await expect(page.getByRole('heading', { level: 1, name: `Perks for ${project}` })).toBeVisible();
  return session;
}

test.describe('[PERKS] cabins, high season and expiry', () => {
  test('the calendar shows full and high-season days, and a stay cannot take or cross a full one', async ({
    page,
  }) => {
    const { accessToken } = await openPerksOf(page, AURORA);
    const projectId = await page.getByLabel('Current project').inputValue();
    // The demo fills both open Aurora cabins on days 46 and 47 (Emma's gift and Lukas's stay), inside
    // the high season from day 40 to day 75 in which Emma holds 2 of her 4 nights.
    const availability = await callApiOk(
      page.request,
      endpoints.cabins.availability,
      { params: { projectId }, query: { from: nightAhead(40), to: nightAhead(50) } },
      accessToken,
    );
    const full = availability.availability.filter((d) => d.free === 0).map((d) => d.date);
    expect(full).toEqual([nightAhead(46), nightAhead(47)]);
    // Those are Emma's own pending nights: the calendar shows them as hers, not as full.
    expect(availability.availability.filter((d) => d.own === 'pending').map((d) => d.date)).toEqual(full);
    expect(availability.availability.every((d) => d.peak)).toBe(true);
    // The card tells the season now or next (Christmas comes first while this year's is ahead): as the
    // API counts it, and for the Aurora season 2 of 4.
    const seasons = (
      await callApiOk(page.request, endpoints.cabins.seasons, { params: { id: projectId } }, accessToken)
    ).data;
    expect(seasons.find((s) => s.name === 'Aurora season')).toMatchObject({
      usedNights: 2,
      maxNightsPerInvestor: 4,
    });
    const next = seasons
      .filter((s) => s.endsOn >= nightAhead(0))
      .sort((a, b) => a.startsOn.localeCompare(b.startsOn))[0]!;
    await expect(
      page.getByText(`High-season nights: ${next.usedNights} of ${next.maxNightsPerInvestor} used`),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Book for Personal Stay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Personal Stay' });
    const ownDay = dialog.getByRole('button', {
      name: new RegExp(`^${dayName(full[0]!)},.*your stay, pending approval`),
    });
    for (let i = 0; i < 6 && !(await ownDay.isVisible()); i++)
      await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect(ownDay).toBeVisible();
    await expect(ownDay).toHaveAccessibleName(/high season/);
    await expect(ownDay).not.toHaveAccessibleName(/full/);
    await expect(ownDay).toBeDisabled();
    const peakDay = dialog.getByRole('button', {
      name: new RegExp(`^${dayName(nightAhead(52))}, .*high season`),
    });
    await expect(peakDay).toBeEnabled();
    await expectAccessible(page);

    // Check-in before those nights: the stay cannot reach past them, so a day beyond starts a new
    // stay there instead (and clicking it again clears it).
    const day = (n: number) =>
      dialog.getByRole('button', { name: new RegExp(`^${dayName(nightAhead(n))}(,|$)`) });
    await day(44).click();
    await expect(day(44)).toHaveAccessibleName(/check-in/);
    await expect(day(47)).toBeDisabled();
    await day(49).click();
    await expect(day(49)).toHaveAccessibleName(/check-in/);
    await expect(day(44)).not.toHaveAccessibleName(/check-in/);
    await expect(dialog.getByText(/^Check-in .* · Check-out /)).toHaveCount(0);
    await day(49).click();
    await expect(day(49)).not.toHaveAccessibleName(/check-in/);

    // Two high-season nights in a row on days 52–53: Emma then holds all 4 of her high-season nights.
    await day(52).click();
    await day(54).click();
    await expect(dialog.getByText(/^Check-in .* · Check-out .* · 2 nights$/)).toBeVisible();
    await dialog.getByLabel('Notes').fill('Season weekend');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog).toBeHidden();
    // The API counts them (the card on the page tells the season now or next, see above).
    await expect
      .poll(
        async () =>
          (
            await callApiOk(
              page.request,
              endpoints.cabins.seasons,
              { params: { id: projectId } },
              accessToken,
            )
          ).data.find((s) => s.name === 'Aurora season')?.usedNights,
      )
      .toBe(4);

    // A fifth high-season night is refused with the limit in words, and nothing is reserved.
    const over = await page.request.post(endpoints.bookings.create.path, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { projectId, type: 'personal', dates: [nightAhead(60)] },
    });
    expect(over.status()).toBe(409);
    expect((await over.json()).message).toMatch(/^High-season limit: you may hold 4 nights in Aurora season/);
  });

  test("the admin's requests show their high-season nights", async ({ page }) => {
    await signIn(page, 'admin', '/admin/bookings');
    await page.getByRole('banner').getByLabel('Current project').selectOption({ label: AURORA });
    const gift = page.getByRole('listitem').filter({ hasText: 'Birthday present for my sister' });
    await expect(gift).toContainText('2 high-season nights');
    await expectAccessible(page);
  });

  test('unused nights that expire within 60 days are announced on Perks', async ({ page }) => {
    const { accessToken } = await openPerksOf(page, PINE);
    const projectId = await page.getByLabel('Current project').inputValue();
    const { cabinNights } = await callApiOk(
      page.request,
      endpoints.allowances.cabinNights,
      { params: { projectId } },
      accessToken,
    );
    const unused = cabinNights!.remainingNights + cabinNights!.bonusNights;
    expect(unused).toBeGreaterThan(0);
    const banner = page.getByRole('status').filter({ hasText: 'Book them before they are lost.' });
    await expect(banner).toContainText(`${unused} unused nights expire on `);
    await expectAccessible(page);
  });
});
