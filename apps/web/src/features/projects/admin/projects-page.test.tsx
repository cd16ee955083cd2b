import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as ProjectsPage } from './projects-page';
import {
  AURORA,
  confirmDialog,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
} from '../../../../test/admin';

describe('Projects Management: toasts and empty texts (docs/product.md §18)', () => {
  it('says "No projects found" when there are none', async () => {
    fakeApi(() => undefined, { projects: [] });
    renderAdmin(<ProjectsPage />, 'projects');
    expect(await findEmpty('No projects found')).toBeInTheDocument();
  });

  it('says "Failed to fetch projects" when the list does not load', async () => {
    fakeApi((req) =>
      req.path === '/api/projects' ? failure('The database is unavailable', 503) : undefined,
    );
    renderAdmin(<ProjectsPage />, 'projects');
    expect(await findToast('Failed to fetch projects')).toBeInTheDocument();
  });

  it('deletes a project after typing its name in the confirmation ("Deleted"), or says "Failed to delete project"', async () => {
    let refuse = true;
    const requests = fakeApi((req) =>
      req.method === 'DELETE'
        ? refuse
          ? failure(
              'This project has investments from 2 investors, so it cannot be deleted. Archive it instead: archiving hides it from investors and keeps its history.',
              409,
            )
          : json({ success: true, message: 'Project deleted', data: { _id: AURORA._id } })
        : undefined,
    );
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${AURORA.name}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Delete project ${AURORA.name}?` });
    expect(dialog).toHaveTextContent(
      'This removes the project with its updates, perks, documents and media.',
    );
    // Confirming needs the project's exact name; cancelling sends nothing.
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(`Type ${AURORA.name} to confirm`), 'Aurora');
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Delete ${AURORA.name}` }));
    await confirmDialog(`Delete project ${AURORA.name}?`, 'Delete', AURORA.name);
    expect(await findToast('Failed to delete project')).toHaveTextContent('Archive it instead');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: `Delete ${AURORA.name}` }));
    await confirmDialog(`Delete project ${AURORA.name}?`, 'Delete', AURORA.name);
    expect(await findToast('Deleted')).toHaveTextContent(`Project “${AURORA.name}” was deleted.`);
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/projects/${AURORA._id}`,
      `/api/projects/${AURORA._id}`,
    ]);
  });

  it('archives a project after a confirmation; an archived one is marked and can be restored', async () => {
    let archived = false;
    const requests = fakeApi((req) => {
      if (req.method === 'POST' && req.path.endsWith('/archive')) archived = true;
      else if (req.method === 'POST' && req.path.endsWith('/restore')) archived = false;
      else if (req.method === 'GET' && req.path === '/api/projects')
        return json({
          success: true,
          data: [{ ...AURORA, archivedAt: archived ? '2026-11-25T09:00:00.000Z' : null }],
        });
      else return undefined;
      return json({ success: true, data: AURORA });
    });
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: `Archive ${AURORA.name}` }));
    expect(await confirmDialog(`Archive project ${AURORA.name}?`, 'Archive')).toContain(
      'Investors will no longer see it',
    );
    expect(await findToast('Archived')).toHaveTextContent(`Project “${AURORA.name}” was archived.`);
    expect(await screen.findByText('Archived', { selector: 'span' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: `Restore ${AURORA.name}` }));
    await confirmDialog(`Restore project ${AURORA.name}?`, 'Restore');
    expect(await findToast('Restored')).toHaveTextContent(`Project “${AURORA.name}” was restored.`);
    expect(await screen.findByRole('button', { name: `Archive ${AURORA.name}` })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/projects/${AURORA._id}/archive`,
      `/api/projects/${AURORA._id}/restore`,
    ]);
  });

  it('sets the opportunity investors see: open for interest, figures, launch and features', async () => {
    const requests = fakeApi((req) =>
      req.method === 'PUT' && req.path.endsWith('/opportunity')
        ? json({ success: true, data: AURORA })
        : undefined,
    );
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: `Opportunity of ${AURORA.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Open for interest' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    const fill = async (el: HTMLElement, value: string) => {
      await userEvent.clear(el);
      await userEvent.click(el);
      await userEvent.paste(value);
    };
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Open for interest/ }));
    await fill(field('Target Amount (€)'), '5000000');
    await fill(field('Current Commitments (€)'), '2100000');
    await fill(field('Minimum Investment (€)'), '600000');
    await fill(field('Maximum Investment (€)'), '500000');
    await fill(field('Projected Annual ROI (%)'), '9.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Opportunity' }));
    // Checked here before anything is sent, next to the fields.
    expect(
      within(dialog).getByText('Minimum investment cannot be more than the maximum investment'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Expected launch is required to open the project for interest'),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await fill(field('Minimum Investment (€)'), '25000');
    await fill(field('Expected Launch'), '2027-07-01');
    expect(within(dialog).getByText('Investors see “Q3 2027”.')).toBeInTheDocument();
    await fill(field('Features'), 'Ski-in chalets\nQuarterly income');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Opportunity' }));
    expect(await findToast('Updated')).toHaveTextContent(`“${AURORA.name}” is open for interest.`);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      [
        `/api/projects/${AURORA._id}/opportunity`,
        {
          openForInterest: true,
          targetAmount: '5000000',
          currentCommitments: '2100000',
          minimumInvestment: '25000',
          maximumInvestment: '500000',
          projectedAnnualROI: '9.2',
          expectedLaunch: '2027-07-01',
          features: ['Ski-in chalets', 'Quarterly income'],
        },
      ],
    ]);
  });

  it('says "Failed to save project" with the reason, then "Created" and "Updated"', async () => {
    let refuse = true;
    fakeApi((req) =>
      req.method === 'POST' || req.method === 'PUT'
        ? refuse
          ? failure('annualROI must be a number', 400)
          : json({ success: true, data: AURORA }, req.method === 'POST' ? 201 : 200)
        : undefined,
    );
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Project' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Birch Bay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await findToast('Failed to save project')).toHaveTextContent('annualROI must be a number');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('annualROI must be a number');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await findToast('Created')).toHaveTextContent('Project “Birch Bay” was created.');

    await userEvent.click(screen.getByRole('button', { name: `Edit ${AURORA.name}` }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit Project' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    expect(await findToast('Updated')).toHaveTextContent(`Project “${AURORA.name}” was updated.`);
  });

  it("says by each total that it is the company's figure for the whole project, shown so to investors", async () => {
    fakeApi(() => undefined);
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Project' });
    for (const label of ['Total Investment (€)', 'Total Returned (€)'])
      expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(
        "The whole project's figure as reported by the company, investors outside the portal included. " +
          'Investors see it labelled so.',
      );
  });

  it('says a negative total in words next to the field, focuses it, and sends nothing', async () => {
    const requests = fakeApi(() => undefined);
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Project' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Birch Bay');
    const total = within(dialog).getByLabelText('Total Investment (€)');
    await userEvent.clear(total);
    await userEvent.type(total, '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(total).toHaveAttribute('aria-invalid', 'true');
    // The field's hint (the company's figure for the whole project) and then its error.
    expect(total).toHaveAccessibleDescription(
      "The whole project's figure as reported by the company, investors outside the portal included. " +
        'Investors see it labelled so. Total investment cannot be negative',
    );
    expect(total).toHaveFocus();
    expect(dialog).not.toHaveTextContent(/Too small|expected number|totalInvestment/);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows a server 400’s field errors next to their fields', async () => {
    fakeApi((req) =>
      req.method === 'POST'
        ? json(
            {
              success: false,
              message: 'Annual ROI must be a number such as 8.5',
              error: 'Annual ROI must be a number such as 8.5',
              fields: { annualROI: 'Annual ROI must be a number such as 8.5' },
            },
            400,
          )
        : undefined,
    );
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Project' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Birch Bay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await findToast('Failed to save project')).toBeInTheDocument();
    const roi = within(dialog).getByLabelText('Annual ROI (%)');
    expect(roi).toHaveAttribute('aria-invalid', 'true');
    expect(roi).toHaveAccessibleDescription('Annual ROI must be a number such as 8.5');
    expect(roi).toHaveFocus();
  });
});
