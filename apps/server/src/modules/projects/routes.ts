import { z } from 'zod';
import {
  envelope,
  idParams,
  opportunity,
  opportunityInput,
  project,
  projectDetail,
  projectInput,
  projectListItem,
  projectUpdateInput,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import {
  presentOpportunity,
  presentProject,
  presentProjectDetail,
  presentProjectListItem,
} from './presenter';
import {
  createProject,
  currentOpportunity,
  deleteProject,
  getProject,
  listProjects,
  setArchived,
  updateOpportunity,
  updateProject,
} from './service';

/** What an investor's view of their projects is made from (see plugins/read-cache). */
const investorView = { cache: { tables: ['projects', 'investments', 'monthly_returns'] as const } };

export const projectRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/projects',
    { config: investorView, schema: { response: { 200: envelope(z.array(projectListItem)) } } },
    async (request) => ({
      success: true as const,
      data: (await listProjects(db, requireAuth(request))).map(presentProjectListItem),
    }),
  );

  app.get(
    '/api/projects/:id',
    { config: investorView, schema: { params: idParams, response: { 200: envelope(projectDetail) } } },
    async (request) => ({
      success: true as const,
      data: presentProjectDetail(await getProject(db, requireAuth(request), request.params.id)),
    }),
  );

  app.post(
    '/api/projects',
    {
      config: { access: 'admin' },
      schema: { body: projectInput, response: { 201: envelope(project) } },
    },
    async (request, reply) => {
      const row = await createProject(db, requireAuth(request).id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: presentProject(row), message: 'Project created' });
    },
  );

  app.put(
    '/api/projects/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: projectUpdateInput, response: { 200: envelope(project) } },
    },
    async (request) => {
      const row = await updateProject(db, requireAuth(request).id, request.params.id, request.body);
      return { success: true as const, data: presentProject(row), message: 'Project updated' };
    },
  );

  app.delete(
    '/api/projects/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: envelope(z.object({ _id: z.string() })) } },
    },
    async (request) => {
      await deleteProject(db, requireAuth(request).id, request.params.id);
      return { success: true as const, data: { _id: request.params.id }, message: 'Project deleted' };
    },
  );

  for (const [path, archived, message] of [
    ['/api/projects/:id/archive', true, 'Project archived'],
    ['/api/projects/:id/restore', false, 'Project restored'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'admin' },
        schema: { params: idParams, response: { 200: envelope(project) } },
      },
      async (request) => {
        const row = await setArchived(db, requireAuth(request).id, request.params.id, archived);
        return { success: true as const, data: presentProject(row), message };
      },
    );
  }

  app.put(
    '/api/projects/:id/opportunity',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: opportunityInput, response: { 200: envelope(project) } },
    },
    async (request) => {
      const row = await updateOpportunity(db, requireAuth(request).id, request.params.id, request.body);
      return { success: true as const, data: presentProject(row), message: 'Opportunity updated' };
    },
  );

  app.get(
    '/api/opportunities/current',
    {
      config: { cache: { tables: ['projects'] as const } },
      schema: { response: { 200: envelope(opportunity.nullable()) } },
    },
    async () => {
      const row = await currentOpportunity(db);
      return { success: true as const, data: row ? presentOpportunity(row) : null };
    },
  );
};
