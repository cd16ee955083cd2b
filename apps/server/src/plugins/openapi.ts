import { endpoints } from '@portal/contracts';
import type { App } from '../app-types';
import { apiDocument } from '../openapi';
import { route } from './route';

/** GET /api/openapi.json: the OpenAPI document derived from the endpoint registry (ADR 013). */
export function openApiPlugin(app: App) {
  route(app, endpoints.docs.openapi, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return apiDocument();
  });
}
