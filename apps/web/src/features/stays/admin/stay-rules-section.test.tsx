import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as PerksPage } from './perks-page';
import { AURORA, fakeApi, findToast, json, renderAdmin } from '../../../../test/admin';

const rulesPath = `/api/admin/projects/${AURORA._id}/stay-rules`;
const july = { from: '2027-07-01', to: '2027-08-15', minNights: 7, checkInWeekdays: [6] };

function api(onPut: (body: unknown) => Response) {
  return fakeApi((req) => {
    if (req.method === 'PUT' && req.path === rulesPath) return onPut(req.body);
    if (req.method !== 'GET') return undefined;
    if (req.path === rulesPath)
      return json({
        success: true,
        data: { projectId: AURORA._id, turnoverDays: 1, lastMinuteDays: 0, seasons: [july] },
      });
    if (req.path === `/api/perks/benefits/${AURORA._id}`) return json({ success: true, perks: [] });
    if (req.path.endsWith('/cabins') || req.path.endsWith('/high-seasons'))
      return json({ success: true, data: [] });
    return undefined;
  });
}

describe('Perks Management: stay rules', () => {
  it('shows the rules, adds a season and saves them whole', async () => {
    const sent: unknown[] = [];
    api((body) => {
      sent.push(body);
      return json({ success: true, data: { projectId: AURORA._id, ...(body as object) } });
    });
    renderAdmin(<PerksPage />, 'perks');
    const section = await screen.findByRole('region', { name: 'Stay rules' });
    await waitFor(() => expect(within(section).getByLabelText('From')).toHaveValue('2027-07-01'));
    expect(within(section).getByLabelText('Turnover days')).toHaveValue('1');
    expect(within(section).getByRole('checkbox', { name: 'Saturday' })).toBeChecked();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Add season' }));
    const froms = within(section).getAllByLabelText('From');
    await user.type(froms[1]!, '2027-12-20');
    await user.type(within(section).getAllByLabelText('To')[1]!, '2028-01-02');
    await user.click(within(section).getAllByRole('checkbox', { name: 'Sunday' })[1]!);
    await user.clear(within(section).getByLabelText('Last-minute days'));
    await user.type(within(section).getByLabelText('Last-minute days'), '10');
    await user.click(within(section).getByRole('button', { name: 'Save stay rules' }));

    await findToast('Stay rules saved');
    expect(sent).toEqual([
      {
        turnoverDays: 1,
        lastMinuteDays: 10,
        seasons: [july, { from: '2027-12-20', to: '2028-01-02', minNights: 7, checkInWeekdays: [0] }],
      },
    ]);
  });

  it('shows what the server refuses in a season', async () => {
    api(() =>
      json(
        {
          success: false,
          message: 'Validation failed',
          code: 'common.validation',
          fields: { 'seasons.minNights': 'Minimum nights must be a whole number from 1 to 60' },
          fieldCodes: { 'seasons.minNights': { code: 'validation.min_nights' } },
        },
        400,
      ),
    );
    renderAdmin(<PerksPage />, 'perks');
    const section = await screen.findByRole('region', { name: 'Stay rules' });
    await waitFor(() => expect(within(section).getByLabelText('Minimum nights')).toHaveValue(7));
    const user = userEvent.setup();
    await user.clear(within(section).getByLabelText('Minimum nights'));
    await user.type(within(section).getByLabelText('Minimum nights'), '99');
    await user.click(within(section).getByRole('button', { name: 'Save stay rules' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Minimum nights must be a whole number from 1 to 60',
    );
  });
});
