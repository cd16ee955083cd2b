import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { apiSignIn, expect, signIn, test } from '../support/fixtures';
import { chooseStay } from '../support/stays';

test.describe('[PERKS] fair nights (issue 35)', () => {
  test('a stay found full joins the waitlist and turns pending when the other investor cancels, without a reload', async ({
    page,
  }) => {
    await signIn(page, 'investor', '/perks');
    await expect(page.getByLabel('Current project')).toHaveValue(/.+/);
    const projectId = await page.getByLabel('Current project').inputValue();
    await page.getByRole('button', { name: 'Book for Personal Stay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Personal Stay' });
    await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
    const nights = await chooseStay(dialog, 2);
    await dialog.getByLabel('Notes').fill('Waiting for a cabin');

    // Meanwhile the other investor takes one cabin on those nights and the operator closes the other.
    const lukas = (await apiSignIn(page.request, 'investor2')).accessToken;
    const admin = (await apiSignIn(page.request, 'admin')).accessToken;
    const taken = await callApiOk(
      page.request,
      endpoints.bookings.create,
      { body: { projectId, type: 'personal', dates: nights, notes: '' } },
      lukas,
    );
    const cabins = await callApiOk(page.request, endpoints.cabins.list, { params: { id: projectId } }, admin);
    for (const c of cabins.data.filter((c) => c.active && !taken.data.cabins.includes(c.name)))
      await callApiOk(
        page.request,
        endpoints.cabins.update,
        {
          params: { id: projectId, cabinId: c._id },
          body: {
            name: c.name,
            sleeps: c.sleeps,
            description: c.description,
            photos: c.photos,
            active: false,
          },
        },
        admin,
      );

    // The request finds the nights full: the dialog offers the waitlist for exactly that stay.
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText(/These nights are full/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByText('You are on the waitlist', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    const waitlist = page.getByRole('list', { name: 'Waitlist' });
    await expect(waitlist.getByRole('listitem')).toHaveCount(1);

    // The other investor cancels: the cabin frees and the waiting stay becomes a pending request, on the
    // page as it is open.
    await callApiOk(page.request, endpoints.bookings.cancel, { params: { id: taken.data._id } }, lukas);
    await expect(page.getByText('Waitlist: your stay is requested').first()).toBeVisible();
    await expect(waitlist).toBeHidden();
    const requests = page.getByRole('list', { name: 'Booking requests' }).getByRole('listitem');
    await expect(requests.filter({ hasText: 'Pending' }).first()).toBeVisible();
    const mine = await callApiOk(
      page.request,
      endpoints.bookings.list,
      { query: { projectId } },
      (await apiSignIn(page.request, 'investor')).accessToken,
    );
    expect(mine.data.find((b) => b.status === 'pending' && b.nights.join() === nights.join())).toBeTruthy();
  });
});
