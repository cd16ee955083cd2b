import type { Browser, Page } from '@playwright/test';
import { endpoints, stayDates, SWAP_MESSAGES, todayIso, type SwapOffer } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { expect, expectAccessible, signIn, test, type DemoRole } from '../support/fixtures';

const AURORA = 'Aurora Lakeside Cabins';

/** One demo investor's Perks page on Aurora, in the page given: their token and the project's id. */
async function openAuroraPerks(page: Page, who: DemoRole) {
  const { accessToken } = await signIn(page, who, '/perks');
  const picker = page.getByLabel('Current project');
  await expect(picker).toHaveValue(/.+/);
  await picker.selectOption({ label: AURORA });
  await expect(page.getByRole('heading', { level: 1, name: `Perks for ${AURORA}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Swap offers' })).toBeVisible();
  return { token: accessToken, projectId: await picker.inputValue() };
}

/** Lukas (the second demo investor) on his own Perks page, in a browser of his own. */
async function openLukas(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, ...(await openAuroraPerks(page, 'investor2')) };
}

const offersOf = async (page: Page, token: string, projectId: string) =>
  (await callApiOk(page.request, endpoints.swaps.list, { query: { projectId } }, token)).data;

const bookingsOf = async (page: Page, token: string, projectId: string) =>
  (await callApiOk(page.request, endpoints.bookings.list, { query: { projectId } }, token)).data;

/** What each side reads of an offer: 'They offer … for your …' and 'You offer … for their …'. */
const texts = (o: Pick<SwapOffer, 'offered' | 'requested'>) => {
  const [offered, requested] = [stayDates(o.offered.nights), stayDates(o.requested.nights)];
  return {
    received: `They offer ${offered} for your ${requested}`,
    sent: `You offer ${offered} for their ${requested}`,
  };
};

const offerItem = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Swap offers' }).getByRole('listitem').filter({ hasText: text });
const bookingList = (page: Page) => page.getByRole('list', { name: 'Booking requests' });

test.describe('[SWAPS] investors exchange approved stays (issue 18)', () => {
  test('Emma accepts the offer Lukas made: the stays change hands, both pages update without a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    const emma = await openAuroraPerks(page, 'investor');
    const received = (await offersOf(page, emma.token, emma.projectId)).filter(
      (o) => o.direction === 'received' && o.status === 'pending',
    );
    expect(received, 'the demo has a pending offer from Lukas to Emma').toHaveLength(1);
    const offer = received[0]!;
    const { received: emmaReads, sent: lukasReads } = texts(offer);
    const gets = stayDates(offer.offered.nights);
    const gives = stayDates(offer.requested.nights);

    const lukas = await openLukas(browser, baseURL);
    try {
      await expect(offerItem(lukas.page, lukasReads)).toContainText('Pending');
      await expect(bookingList(lukas.page)).toContainText(gets);

      const item = offerItem(page, emmaReads);
      await expect(item).toContainText('Pending');
      await expect(item.getByRole('button', { name: /^Accept swap:/ })).toBeVisible();
      await expect(item.getByRole('button', { name: /^Decline swap:/ })).toBeVisible();
      await expect(bookingList(page)).toContainText(gives);
      await expect(bookingList(page)).not.toContainText(gets);
      await expectAccessible(page);

      await item.getByRole('button', { name: /^Accept swap:/ }).click();
      await expect(page.getByText(SWAP_MESSAGES.accepted, { exact: true }).first()).toBeVisible();
      await expect(item).toContainText('Accepted');
      await expect(item.getByRole('button')).toHaveCount(0);
      // Emma's list now has the dates she received, and no longer those she gave.
      await expect(bookingList(page)).toContainText(gets);
      await expect(bookingList(page)).not.toContainText(gives);

      // Lukas's page, never reloaded, follows: the offer was accepted and he now holds Emma's dates.
      await expect(offerItem(lukas.page, lukasReads)).toContainText('Accepted');
      await expect(bookingList(lukas.page)).toContainText(gives);
      await expect(bookingList(lukas.page)).not.toContainText(gets);

      // The API agrees: each keeps their booking, which now holds the other's dates.
      const mine = await bookingsOf(page, emma.token, emma.projectId);
      expect(mine.find((b) => b._id === offer.requested.bookingId)?.nights).toEqual(offer.offered.nights);
      expect(mine.some((b) => b.status === 'approved' && stayDates(b.nights) === gives)).toBe(false);
    } finally {
      await lukas.context.close();
    }
  });

  test('Emma offers one of her stays for one of Lukas’s; he sees it arrive and declines it; she sees Declined', async ({
    page,
    browser,
    baseURL,
  }) => {
    const emma = await openAuroraPerks(page, 'investor');
    const lukas = await openLukas(browser, baseURL);
    try {
      const today = todayIso();
      const stay = (await bookingsOf(page, emma.token, emma.projectId)).find(
        (b) => b.status === 'approved' && b.nights[0]! >= today,
      );
      expect(stay, 'Emma has an approved stay ahead in Aurora').toBeTruthy();
      const before = (await offersOf(page, emma.token, emma.projectId)).map((o) => o._id);

      await bookingList(page)
        .getByRole('listitem')
        .filter({ hasText: stayDates(stay!.nights) })
        .getByRole('button', { name: /^Offer a swap/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Offer a swap' });
      await expect(dialog).toContainText(`Offer your stay ${stayDates(stay!.nights)}`);
      const choices = dialog
        .getByRole('group', { name: 'Stay you would like in exchange' })
        .getByRole('radio');
      await expect(choices.first()).toBeVisible();
      // Only the dates: nothing says whose stay it is.
      await expect(dialog).not.toContainText('Lukas');
      await choices.first().focus();
      await page.keyboard.press('Space');
      await expect(choices.first()).toBeChecked();
      await dialog.getByLabel('Note (optional)').fill('Would these dates suit you better?');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expect(page.getByText(SWAP_MESSAGES.offered, { exact: true }).first()).toBeVisible();
      await expect(dialog).toBeHidden();

      const offer = (await offersOf(page, emma.token, emma.projectId)).find((o) => !before.includes(o._id))!;
      expect(offer).toMatchObject({
        direction: 'sent',
        status: 'pending',
        note: 'Would these dates suit you better?',
      });
      expect(offer.offered.bookingId).toBe(stay!._id);
      const { received: lukasReads, sent: emmaReads } = texts(offer);
      const mine = offerItem(page, emmaReads);
      await expect(mine).toContainText('Pending');
      await expect(mine.getByRole('button', { name: /^Withdraw swap:/ })).toBeVisible();

      // Lukas's page, open since before the offer, shows it without a reload.
      const his = offerItem(lukas.page, lukasReads);
      await expect(his).toContainText('Pending');
      await expect(his).toContainText('Would these dates suit you better?');
      await his.getByRole('button', { name: /^Decline swap:/ }).click();
      await expect(lukas.page.getByText(SWAP_MESSAGES.declined, { exact: true }).first()).toBeVisible();
      await expect(his).toContainText('Declined');
      await expect(his.getByRole('button')).toHaveCount(0);

      // Emma's page follows, again without a reload; her stay is still hers.
      await expect(mine).toContainText('Declined');
      await expect(mine.getByRole('button')).toHaveCount(0);
      await expect(bookingList(page)).toContainText(stayDates(stay!.nights));
      await expectAccessible(page);
    } finally {
      await lukas.context.close();
    }
  });
});
