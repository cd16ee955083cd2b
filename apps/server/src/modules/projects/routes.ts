import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { currentOpportunity } from '../access/project-access';
import {
  presentOpportunity,
  presentProject,
  presentProjectDetail,
  presentProjectListItem,
} from './presenter';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  setArchived,
  updateOpportunity,
  updateProject,
} from './service';

const e = endpoints.projects;

export const projectRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => ({
    success: true as const,
    data: (await listProjects(db, requireAuth(request))).map(presentProjectListItem),
  }));

  route(app, e.get, async (request) => ({
    success: true as const,
    data: presentProjectDetail(await getProject(db, requireAuth(request), request.params.id)),
  }));

  route(app, e.create, async (request) => {
    const row = await createProject(db, requireAuth(request).id, request.body);
    return { success: true as const, data: presentProject(row), message: 'Project created' };
  });

  route(app, e.update, async (request) => {
    const row = await updateProject(db, requireAuth(request).id, request.params.id, request.body);
    return { success: true as const, data: presentProject(row), message: 'Project updated' };
  });

  route(app, e.remove, async (request) => {
    await deleteProject(db, requireAuth(request).id, request.params.id);
    return { success: true as const, data: { _id: request.params.id }, message: 'Project deleted' };
  });

  for (const [endpoint, archived, message] of [
    [e.archive, true, 'Project archived'],
    [e.restore, false, 'Project restored'],
  ] as const)
    route(app, endpoint, async (request) => {
      const row = await setArchived(db, requireAuth(request).id, request.params.id, archived);
      return { success: true as const, data: presentProject(row), message };
    });

  route(app, e.setOpportunity, async (request) => {
    const row = await updateOpportunity(db, requireAuth(request).id, request.params.id, request.body);
    return { success: true as const, data: presentProject(row), message: 'Opportunity updated' };
  });

  route(app, e.currentOpportunity, async () => {
    const row = await currentOpportunity(db);
    return { success: true as const, data: row ? presentOpportunity(row) : null };
  });
};
