import { z } from 'zod';
import { envelope, project } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { presentProject } from './presenter';
import { listProjects } from './service';

export const projectRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/projects',
    { schema: { response: { 200: envelope(z.array(project)) } } },
    async (request) => ({
      success: true as const,
      data: (await listProjects(db, requireAuth(request))).map(presentProject),
    }),
  );
};
