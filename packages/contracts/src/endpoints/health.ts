import { z } from 'zod';
import { envelope } from '../common';
import { endpoint } from '../endpoint';

const status = envelope(z.object({ status: z.string() }));

export const healthEndpoints = {
  live: endpoint({
    id: 'health.live',
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness: the process answers (the database is not consulted)',
    answer: status,
    reads: [],
  }),
  ready: endpoint({
    id: 'health.ready',
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    summary: 'Readiness: the database answers (503 while it does not)',
    answer: status,
    reads: [],
  }),
};
