import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import type { App } from '../app-types';
import { route } from './route';

/**
 * The OpenAPI document of the API, generated from the routes' zod schemas (the same ones that validate
 * and serialize), served at GET /api/openapi.json. Registered before the routes so that it sees them all.
 */
export async function openApiPlugin(app: App) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Investor Portal API',
        version: '1.0.0',
        description:
          'Investors follow their holiday-cabin investments, returns and perks; administrators run the projects. ' +
          'Every route except sign-in, sign-up, refresh, health and readiness needs `Authorization: Bearer <accessToken>`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  route(app, endpoints.docs.openapi, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return app.swagger() as unknown as Record<string, unknown>;
  });
}
