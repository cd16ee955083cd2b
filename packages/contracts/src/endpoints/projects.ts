import { z } from 'zod';
import { envelope, id, idParams } from '../common';
import { endpoint } from '../endpoint';
import { opportunity, opportunityInput } from '../opportunity';
import { project, projectDetail, projectInput, projectListItem, projectUpdateInput } from '../projects';

/** What an investor's view of their projects is made from. */
const investorView = ['projects', 'investments', 'monthly_returns'] as const;
const adminWrite = { access: 'admin', writes: ['projects'] } as const;

export const projectEndpoints = {
  list: endpoint({
    id: 'projects.list',
    method: 'GET',
    path: '/api/projects',
    access: 'user',
    summary: "The caller's projects (an admin: every project), with their figures",
    answer: envelope(z.array(projectListItem)),
    reads: investorView,
    cache: true,
  }),
  get: endpoint({
    id: 'projects.get',
    method: 'GET',
    path: '/api/projects/:id',
    access: 'user',
    summary: 'One project with its figures and monthly returns',
    params: idParams,
    answer: envelope(projectDetail),
    reads: investorView,
    cache: true,
  }),
  create: endpoint({
    id: 'projects.create',
    method: 'POST',
    path: '/api/projects',
    ...adminWrite,
    summary: 'Creates a project',
    body: projectInput,
    status: 201,
    answer: envelope(project),
    errors: [409],
  }),
  update: endpoint({
    id: 'projects.update',
    method: 'PUT',
    path: '/api/projects/:id',
    ...adminWrite,
    summary: "Changes a project's details",
    params: idParams,
    body: projectUpdateInput,
    answer: envelope(project),
    errors: [409],
  }),
  remove: endpoint({
    id: 'projects.remove',
    method: 'DELETE',
    path: '/api/projects/:id',
    ...adminWrite,
    summary: 'Deletes a project that holds no investments (archive it otherwise)',
    params: idParams,
    answer: envelope(z.object({ _id: id })),
    errors: [409],
  }),
  archive: endpoint({
    id: 'projects.archive',
    method: 'POST',
    path: '/api/projects/:id/archive',
    ...adminWrite,
    summary: "Archives a project: hidden from investors' reads, its money kept",
    params: idParams,
    answer: envelope(project),
  }),
  restore: endpoint({
    id: 'projects.restore',
    method: 'POST',
    path: '/api/projects/:id/restore',
    ...adminWrite,
    summary: 'Restores an archived project',
    params: idParams,
    answer: envelope(project),
  }),
  setOpportunity: endpoint({
    id: 'projects.setOpportunity',
    method: 'PUT',
    path: '/api/projects/:id/opportunity',
    ...adminWrite,
    summary: "Opens or closes a project for interest and sets its opportunity's text",
    params: idParams,
    body: opportunityInput,
    answer: envelope(project),
    errors: [409],
  }),
  currentOpportunity: endpoint({
    id: 'opportunities.current',
    method: 'GET',
    path: '/api/opportunities/current',
    access: 'user',
    summary: 'The one project open for interest, or null',
    answer: envelope(opportunity.nullable()),
    reads: ['projects'],
    cache: true,
  }),
};
