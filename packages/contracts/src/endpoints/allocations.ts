import { idParams, okMessage, projectIdQuery } from '../common';
import { endpoint } from '../endpoint';
import {
  allocationAnswer,
  allocationPreferencesInput,
  allocationResultAnswer,
  allocationsAnswer,
  createAllocationInput,
  fairnessAnswer,
  fairnessParams,
} from '../allocations';

const tables = ['allocations', 'allocation_stays', 'allocation_preferences'] as const;

/** Peak allocations drawn by a published rule, and the fairness ledger (issue 35, ADR 029). */
export const allocationEndpoints = {
  create: endpoint({
    id: 'allocations.create',
    method: 'POST',
    path: '/api/admin/allocations',
    access: 'admin',
    summary: 'Creates a peak allocation: stays inside one high season, drawn later by a published rule',
    description:
      'The server draws a random seed and publishes only its SHA-256 (`seedHash`) until the allocation has ' +
      'run. Until then the nights of its stays cannot be requested directly (409). Stays outside one high ' +
      'season of the project, or more stays on a night than the project has cabins free, are a 400.',
    body: createAllocationInput,
    status: 201,
    answer: allocationAnswer,
    errors: [404],
    reads: ['projects', 'high_seasons', 'cabins', 'booking_nights'],
    writes: ['allocations', 'allocation_stays', 'audit_log'],
  }),
  adminList: endpoint({
    id: 'allocations.adminList',
    method: 'GET',
    path: '/api/admin/allocations',
    access: 'admin',
    summary: 'Every allocation (of one project with `projectId`), newest run time first',
    query: projectIdQuery,
    answer: allocationsAnswer,
    reads: [...tables, 'projects'],
  }),
  run: endpoint({
    id: 'allocations.run',
    method: 'POST',
    path: '/api/admin/allocations/:id/run',
    access: 'admin',
    summary: 'Runs an allocation now (otherwise the job queue runs it at `runsAt`); a second run is a 409',
    params: idParams,
    answer: allocationAnswer,
    errors: [404, 409],
    reads: ['investments', 'high_seasons', 'cabin_allowances'],
    writes: [...tables, 'bookings', 'booking_nights', 'notifications', 'audit_log'],
  }),
  remove: endpoint({
    id: 'allocations.remove',
    method: 'DELETE',
    path: '/api/admin/allocations/:id',
    access: 'admin',
    summary:
      'Withdraws an allocation that has not run: its nights open to normal requests (a run one is a 409)',
    params: idParams,
    answer: okMessage,
    errors: [404, 409],
    writes: [...tables, 'audit_log'],
  }),
  list: endpoint({
    id: 'allocations.list',
    method: 'GET',
    path: '/api/allocations',
    access: 'user',
    summary:
      'The allocations of the projects the caller holds (of one with `projectId`), with their own ranking',
    query: projectIdQuery,
    answer: allocationsAnswer,
    reads: [...tables, 'projects', 'investments'],
  }),
  preferences: endpoint({
    id: 'allocations.preferences',
    method: 'PUT',
    path: '/api/allocations/:id/preferences',
    access: 'user',
    summary: "Replaces the caller's ranking of an allocation's stays (at most 10), until preferences are due",
    description: 'After `preferencesDue`, or once it has run, a 409; a stay not of this allocation is a 400.',
    params: idParams,
    body: allocationPreferencesInput,
    answer: allocationAnswer,
    errors: [404, 409],
    reads: ['projects', 'investments'],
    writes: ['allocation_preferences'],
  }),
  result: endpoint({
    id: 'allocations.result',
    method: 'GET',
    path: '/api/allocations/:id/result',
    access: 'user',
    summary: 'The draw: seed (once run), seed hash, priority order and assignments',
    description:
      '`sha256(seed)` equals the `seedHash` published at creation. Investors of the project see other ' +
      'investors by id only; admins see names.',
    params: idParams,
    answer: allocationResultAnswer,
    errors: [404],
    reads: [...tables, 'users', 'investments', 'projects'],
  }),
  fairness: endpoint({
    id: 'allocations.fairness',
    method: 'GET',
    path: '/api/perks/fairness/:projectId',
    access: 'user',
    summary:
      'Peak nights held per year for the last three years against the fair share, and the priority for the next allocation',
    description:
      'An investor sees their own row (404 for a project they do not hold); an admin, every investor’s.',
    params: fairnessParams,
    answer: fairnessAnswer,
    errors: [404],
    reads: ['projects', 'investments', 'high_seasons', 'bookings', 'booking_nights', 'users'],
  }),
};
