import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { DEMO, expect, expectAccessible, nightAhead, signIn, test } from '../support/fixtures';

const AURORA = 'Aurora Lakeside Cabins';
const NOTE = 'Two adults and a child, first time on a sled';

/** The investor's Perks page on Aurora: its id and what the cabin-night cards say. */
async function openAuroraPerks(page: Page) {
  const { accessToken } = await signIn(page, 'investor', '/perks');
  const picker = page.getByLabel('Current project');
  await expect(picker).toHaveValue(/.+/);
  await picker.selectOption({ label: AURORA });
  await expect(page.getByRole('heading', { level: 1, name: `Perks for ${AURORA}` })).toBeVisible();
  const projectId = await picker.inputValue();
  const remaining = page.getByRole('main').getByRole('region', { name: 'Remaining Nights', exact: true });
  await expect(remaining).toContainText('out of');
  return { token: accessToken, projectId, remaining };
}

const nightsOf = async (page: Page, token: string, projectId: string) =>
  (await callApiOk(page.request, endpoints.allowances.cabinNights, { params: { projectId } }, token))
    .cabinNights;

test.describe('[PERKS] activity requests (issue 18)', () => {
  test('an investor requests a partner activity without using cabin nights; an admin approves it', async ({
    page,
  }) => {
    const { token, projectId, remaining } = await openAuroraPerks(page);
    const before = await nightsOf(page, token, projectId);
    const counter = `${before!.remainingNights} out of ${before!.totalNights} total nights`;
    await expect(remaining).toContainText(counter);
    const stays = (await callApiOk(page.request, endpoints.bookings.list, { query: { projectId } }, token))
      .data.length;

    await page.getByRole('button', { name: 'Book Now: Husky safari' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request: Husky safari' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Book Personal Stay' })).toHaveCount(0);
    const day = nightAhead(21);
    await dialog.getByLabel('Date').fill(day);
    await dialog.getByLabel('Party size').fill('3');
    await dialog.getByLabel('Note (optional)').fill(NOTE);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(
      page.getByText('Your activity request has been submitted successfully.', { exact: true }).first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const item = page
      .getByRole('list', { name: 'Activity requests' })
      .getByRole('listitem')
      .filter({ hasText: NOTE });
    await expect(item).toContainText('Husky safari');
    await expect(item).toContainText('3 people');
    await expect(item).toContainText('Pending');
    await expect(item.getByRole('button', { name: /^Cancel request/ })).toBeVisible();
    // Not one cabin night was used: the counter, the API's nights and the stays are as they were.
    await expect(remaining).toContainText(counter);
    expect(await nightsOf(page, token, projectId)).toEqual(before);
    expect(
      (await callApiOk(page.request, endpoints.bookings.list, { query: { projectId } }, token)).data,
    ).toHaveLength(stays);
    await expectAccessible(page);

    // The admin signs in on the admin sign-in page and approves it among the booking requests.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin-login');
    await page.getByLabel('Admin Email').fill(DEMO.admin.email);
    await page.getByLabel('Admin Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/bookings');
    await page.getByRole('banner').getByLabel('Current project').selectOption({ label: AURORA });
    const section = page.getByRole('region', { name: 'Activity requests' });
    const card = section.getByRole('listitem').filter({ hasText: NOTE });
    await expect(card).toContainText('Husky safari');
    await expect(card).toContainText('3 people');
    await expectAccessible(page);
    await card.getByRole('button', { name: /^Approve the activity request of / }).click();
    const decision = page.getByRole('dialog', { name: 'Approve activity request' });
    await decision.getByLabel('Note to the investor (optional)').fill('Meet the musher at the kennel.');
    await expectAccessible(page);
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Activity approved', { exact: true }).first()).toBeVisible();
    await expect(decision).toBeHidden();
    await expect(section.getByRole('listitem').filter({ hasText: NOTE })).toHaveCount(0);
    await section.getByLabel('Status').selectOption('approved');
    await expect(section.getByRole('listitem').filter({ hasText: NOTE })).toContainText(
      'Meet the musher at the kennel.',
    );

    // The investor sees it approved, and still every cabin night.
    await page.evaluate(() => localStorage.clear());
    const again = await openAuroraPerks(page);
    const approved = page
      .getByRole('list', { name: 'Activity requests' })
      .getByRole('listitem')
      .filter({ hasText: NOTE });
    await expect(approved).toContainText('Approved');
    await expect(approved).toContainText('Meet the musher at the kennel.');
    await expect(approved.getByRole('button', { name: /^Cancel request/ })).toHaveCount(0);
    await expect(again.remaining).toContainText(counter);
  });
});
