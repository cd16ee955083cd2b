import { z } from 'zod';
import { endpoint } from '../endpoint';

export const docsEndpoints = {
  openapi: endpoint({
    id: 'docs.openapi',
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'The OpenAPI document of the API',
    answer: z.record(z.string(), z.unknown()),
    reads: [],
    undocumented: true,
  }),
};
