import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as ProjectsPage } from './projects-page';
import { AURORA, failure, fakeApi, findEmpty, findToast, json, renderAdmin } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Projects Management: toasts and empty texts of spec section 8', () => {
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

  it('deletes a project after a confirmation ("Deleted"), or says "Failed to delete project"', async () => {
    let refuse = true;
    const requests = fakeApi((req) =>
      req.method === 'DELETE'
        ? refuse
          ? failure('The project could not be deleted')
          : json({ success: true, message: 'Project deleted' })
        : undefined,
    );
    renderAdmin(<ProjectsPage />, 'projects');
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${AURORA.name}` }));
    expect(await findToast('Failed to delete project')).toHaveTextContent('The project could not be deleted');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: `Delete ${AURORA.name}` }));
    expect(await findToast('Deleted')).toHaveTextContent(`Project “${AURORA.name}” was deleted.`);
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/projects/${AURORA._id}`,
      `/api/projects/${AURORA._id}`,
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
    expect(total).toHaveAccessibleDescription('Total investment cannot be negative');
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
