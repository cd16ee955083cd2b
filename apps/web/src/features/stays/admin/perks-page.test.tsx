import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as PerksPage } from './perks-page';
import {
  AURORA,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  perk,
  renderAdmin,
  confirmDialog,
} from '../../../../test/admin';

const sauna = perk();
const list = `/api/perks/benefits/${AURORA._id}`;

describe('Perks Management: toasts and empty texts (docs/product.md §18)', () => {
  it('says "No perks found" when the project has none', async () => {
    fakeApi((req) => (req.path === list ? json({ success: true, perks: [] }) : undefined));
    renderAdmin(<PerksPage />, 'perks');
    expect(await findEmpty('No perks found')).toBeInTheDocument();
  });

  it('says "Failed to fetch perks" with the server\'s message', async () => {
    fakeApi((req) => (req.path === list ? failure('Project not found', 404) : undefined));
    renderAdmin(<PerksPage />, 'perks');
    expect(await findToast('Failed to fetch perks')).toHaveTextContent('Project not found');
  });

  it('deletes a perk after a confirmation ("Deleted"), or says "Failed to delete perk"', async () => {
    let refuse = true;
    const requests = fakeApi((req) => {
      if (req.method === 'DELETE')
        return refuse ? failure('The perk is in use') : json({ success: true, message: 'Perk deleted' });
      return req.path === list ? json({ success: true, perks: [sauna] }) : undefined;
    });
    renderAdmin(<PerksPage />, 'perks');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sauna evenings' }));
    await confirmDialog('Delete perk Sauna evenings?', 'Delete');
    expect(await findToast('Failed to delete perk')).toHaveTextContent('The perk is in use');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Sauna evenings' }));
    await confirmDialog('Delete perk Sauna evenings?', 'Delete');
    expect(await findToast('Deleted')).toHaveTextContent('Perk “Sauna evenings” was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').at(-1)!.path).toBe(`${list}/${sauna._id}`);
  });

  it('says "Failed to save perk" with the reason, then "Created" and "Updated"', async () => {
    let refuse = true;
    fakeApi((req) => {
      if (req.method === 'POST' || req.method === 'PUT')
        return refuse
          ? failure('discount must be at most 60 characters', 400)
          : json({ success: true, data: sauna });
      return req.path === list ? json({ success: true, perks: [sauna] }) : undefined;
    });
    renderAdmin(<PerksPage />, 'perks');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Perk' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Perk' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Boat trips');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'activity');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Perk' }));
    expect(await findToast('Failed to save perk')).toHaveTextContent(
      'discount must be at most 60 characters',
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Perk' }));
    expect(await findToast('Created')).toHaveTextContent('Perk “Boat trips” was created.');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Sauna evenings' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit Perk' })).getByRole('button', { name: 'Save Changes' }),
    );
    expect(await findToast('Updated')).toHaveTextContent('Perk “Sauna evenings” was updated.');
  });

  it('a refused save is toasted once, by the mutation cache, and its reason shows in the dialog', async () => {
    fakeApi((req) => {
      if (req.method === 'POST') return failure('A perk named Boat trips exists', 409);
      return req.path === list ? json({ success: true, perks: [sauna] }) : undefined;
    });
    renderAdmin(<PerksPage />, 'perks');
    // Every error toast is logged: the log counts them, the area showing one at a time.
    const logged = vi.spyOn(console, 'error');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Perk' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Perk' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Boat trips');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'activity');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Perk' }));
    expect(await findToast('Failed to save perk')).toHaveTextContent('A perk named Boat trips exists');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A perk named Boat trips exists');
    // Told once: by the mutation cache, not again by the dialog.
    const told = logged.mock.calls.map(([m]) => String(m)).filter((m) => m.includes('Boat trips exists'));
    expect(told).toEqual(['[toast] Failed to save perk: A perk named Boat trips exists']);
  });
});
