import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types';

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
  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}
