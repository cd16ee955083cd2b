import { z } from 'zod';
import { envelope, okMessage } from '../common';
import { endpoint } from '../endpoint';
import { perk, perkInput, perkParams, perksAnswer, projectIdParams, usageAnswer } from '../perks';

/** Whether the caller may see the project: every project for an admin, their own for an investor. */
export const visibility = ['projects', 'investments'] as const;
const perkWrite = { access: 'admin', writes: ['perks', 'audit_log'] } as const;

/** The reads without a project id answer 'Project ID is required' rather than a bare 404. */
export const withoutProject = (id: string, path: `/api/${string}`) =>
  endpoint({
    id,
    method: 'GET',
    path,
    access: 'user',
    summary: "Without a project id: always 'Project ID is required'",
    answer: z.never(),
    errors: [400],
  });

export const perkEndpoints = {
  list: endpoint({
    id: 'perks.list',
    method: 'GET',
    path: '/api/perks/benefits/:projectId',
    access: 'user',
    summary: "A project's perks: the active and seasonal ones for an investor, every one for an admin",
    params: projectIdParams,
    answer: perksAnswer,
    reads: [...visibility, 'perks'],
  }),
  usage: endpoint({
    id: 'perks.usage',
    method: 'GET',
    path: '/api/perks/usage-summary/:projectId',
    access: 'user',
    summary: "The caller's use of their cabin nights in a project, from their booking requests",
    params: projectIdParams,
    answer: usageAnswer,
    reads: [...visibility, 'bookings', 'rental_incomes'],
  }),
  listWithoutProject: withoutProject('perks.listWithoutProject', '/api/perks/benefits'),
  usageWithoutProject: withoutProject('perks.usageWithoutProject', '/api/perks/usage-summary'),
  create: endpoint({
    id: 'perks.create',
    method: 'POST',
    path: '/api/perks/benefits/:projectId',
    ...perkWrite,
    summary: 'Adds a perk to a project',
    params: projectIdParams,
    body: perkInput,
    status: 201,
    answer: envelope(perk),
  }),
  update: endpoint({
    id: 'perks.update',
    method: 'PUT',
    path: '/api/perks/benefits/:projectId/:perkId',
    ...perkWrite,
    summary: 'Changes a perk',
    params: perkParams,
    body: perkInput,
    answer: envelope(perk),
  }),
  remove: endpoint({
    id: 'perks.remove',
    method: 'DELETE',
    path: '/api/perks/benefits/:projectId/:perkId',
    ...perkWrite,
    summary: 'Deletes a perk',
    params: perkParams,
    answer: okMessage,
  }),
};
