import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerConfirm, confirmAction } from '@/lib/confirm';
import { ConfirmDialogHost } from './confirm-dialog';

afterEach(() => act(() => answerConfirm(false)));

const ask = (over: Partial<Parameters<typeof confirmAction>[0]> = {}) => {
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = confirmAction({
      title: 'Delete perk Sauna evenings?',
      description: 'This cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
      ...over,
    });
  });
  return answer;
};

describe('the app’s confirmation dialog', () => {
  it('names what will be removed and answers true when confirmed', async () => {
    render(<ConfirmDialogHost />);
    const answer = ask();
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete perk Sauna evenings?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('answers false on Cancel and on Escape', async () => {
    render(<ConfirmDialogHost />);
    const first = ask();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(false);
    const second = ask();
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('opens with the focus on Cancel, so Enter alone never deletes', async () => {
    render(<ConfirmDialogHost />);
    const answer = ask();
    expect(await screen.findByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(false);
  });

  it('asks to type the name first when told to, then confirms with Enter', async () => {
    render(<ConfirmDialogHost />);
    const answer = ask({
      title: 'Delete project Aurora Lakeside Cabins?',
      typeToConfirm: 'Aurora Lakeside Cabins',
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete project Aurora Lakeside Cabins?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    const input = within(dialog).getByLabelText('Type Aurora Lakeside Cabins to confirm');
    await waitFor(() => expect(input).toHaveFocus());
    expect(confirm).toBeDisabled();
    await userEvent.type(input, 'aurora lakeside cabins{Enter}');
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'Aurora Lakeside Cabins');
    expect(confirm).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
  });

  it('starts a new question with an empty name field, and a new question cancels one still open', async () => {
    render(<ConfirmDialogHost />);
    const first = ask({ typeToConfirm: 'Pine' });
    await userEvent.type(await screen.findByLabelText('Type Pine to confirm'), 'Pine');
    const second = ask({ title: 'Delete project Fjord?', typeToConfirm: 'Fjord' });
    await expect(first).resolves.toBe(false);
    expect(await screen.findByLabelText('Type Fjord to confirm')).toHaveValue('');
    expect(screen.getByRole('alertdialog', { name: 'Delete project Fjord?' })).toBeInTheDocument();
    act(() => answerConfirm(false));
    await expect(second).resolves.toBe(false);
  });
});
