import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_MESSAGE } from '@portal/contracts';
import { Component as ProjectsPage } from '@/features/projects/admin/projects-page';
import { Component as PerksPage } from '@/features/stays/admin/perks-page';
import { Component as MediaPage } from '@/features/media/admin/media-page';
import { Component as UpdatesPage } from '@/features/updates/admin/updates-page';
import { Component as UsersPage } from '@/features/admin/users-page';
import { adminUser, fakeApi, renderAdmin, userList } from '../../test/admin';

/** zod's own wording, or a property name in front of a message ("totalInvestment: …"). */
const RAW = /Too small|Too big|expected (number|string)|Invalid input|\b[a-z]+(?:[A-Z][a-z]*)*: /;

/** Every message on screen: alerts, field messages and toasts. */
const messages = () =>
  [...document.querySelectorAll('[role="alert"], [id$="-error"], [role="region"] li')].map(
    (el) => el.textContent ?? '',
  );

const emma = adminUser();

interface Case {
  screen: string;
  render: () => void;
  /** The button that opens the dialog, and the dialog's name. */
  open: string;
  dialog: string;
  /** Fields filled first (valid), then the bad one. */
  fill?: [label: string, value: string, how?: 'select'][];
  bad: [label: string, value: string];
  submit: string;
  /** The message shown next to the bad field. */
  says: string | RegExp;
}

const CASES: Case[] = [
  {
    screen: 'Projects',
    render: () => renderAdmin(<ProjectsPage />, 'projects'),
    open: 'Create Project',
    dialog: 'Create Project',
    fill: [['Name', 'Birch Bay']],
    bad: ['Total Investment (€)', '-5'],
    submit: 'Create Project',
    says: 'Total investment cannot be negative',
  },
  {
    screen: 'Projects',
    render: () => renderAdmin(<ProjectsPage />, 'projects'),
    open: 'Create Project',
    dialog: 'Create Project',
    fill: [['Name', 'Birch Bay']],
    bad: ['Investment Period (months)', '0'],
    submit: 'Create Project',
    says: 'Investment period must be between 1 and 600 months',
  },
  {
    screen: 'Perks',
    render: () => renderAdmin(<PerksPage />, 'perks'),
    open: 'Add Perk',
    dialog: 'Add Perk',
    fill: [
      ['Name', 'Boat trips'],
      ['Type', 'activity', 'select'],
    ],
    bad: ['Discount', 'x'.repeat(61)],
    submit: 'Add Perk',
    says: 'Discount must be at most 60 characters',
  },
  {
    screen: 'Media',
    render: () => renderAdmin(<MediaPage />, 'media'),
    open: 'Add Media',
    dialog: 'Add Media',
    fill: [
      ['Title', 'Sauna'],
      ['Type', 'photo', 'select'],
      ['Description', 'By the lake'],
    ],
    bad: ['Priority', '5000'],
    submit: 'Add Media',
    says: 'Priority must be between -1000 and 1000',
  },
  {
    screen: 'Media',
    render: () => renderAdmin(<MediaPage />, 'media'),
    open: 'Add Media',
    dialog: 'Add Media',
    fill: [
      ['Title', 'Sauna'],
      ['Type', 'photo', 'select'],
      ['Description', 'By the lake'],
    ],
    bad: ['Thumbnail URL', 'http://elsewhere.example/a.jpg'],
    submit: 'Add Media',
    says: /^Thumbnail must be a path on this site/,
  },
  {
    screen: 'Updates',
    render: () => renderAdmin(<UpdatesPage />, 'updates'),
    open: 'Add Update',
    dialog: 'Add Update',
    fill: [['Title', 'Jetty rebuilt']],
    bad: ['Image URLs', 'javascript:alert(1)'],
    submit: 'Publish Update',
    says: /^Image URLs must/,
  },
  {
    screen: 'Users',
    render: () => renderAdmin(<UsersPage />, 'users'),
    open: 'Add User',
    dialog: 'Add User',
    fill: [['Name', 'Nora']],
    bad: ['Email', 'nora@example'],
    submit: 'Add User',
    says: 'Invalid email format',
  },
  {
    screen: 'Users',
    render: () => renderAdmin(<UsersPage />, 'users'),
    open: `Edit ${emma.name}`,
    dialog: 'Edit User',
    bad: ['Phone', 'call me maybe'],
    submit: 'Save Changes',
    says: PHONE_MESSAGE,
  },
];

describe('Admin dialogs: a bad value is named in words next to its field, never in zod’s words', () => {
  it.each(CASES.map((c) => [`${c.screen}: ${c.dialog}, ${c.bad[0]}`, c] as const))('%s', async (_, c) => {
    const requests = fakeApi((req) =>
      req.method === 'GET' && req.path === '/api/users' ? userList([emma]) : undefined,
    );
    c.render();
    await userEvent.click((await screen.findAllByRole('button', { name: c.open }))[0]!);
    const dialog = screen.getByRole('dialog', { name: c.dialog });
    for (const [label, value, how] of [...(c.fill ?? []), c.bad] as [string, string, 'select'?][]) {
      const control = within(dialog).getByLabelText(label);
      if (how === 'select') await userEvent.selectOptions(control, value);
      else {
        await userEvent.clear(control);
        await userEvent.click(control);
        await userEvent.paste(value);
      }
    }
    await userEvent.click(within(dialog).getByRole('button', { name: c.submit }));
    const field = within(dialog).getByLabelText(c.bad[0]);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(described.at(-1)!)).toHaveTextContent(c.says);
    expect(field).toHaveFocus();
    expect(messages().length).toBeGreaterThan(0);
    for (const text of messages()) expect(text).not.toMatch(RAW);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
