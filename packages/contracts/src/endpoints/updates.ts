import { idParams, envelope, okMessage } from '../common';
import { endpoint } from '../endpoint';
import { createUpdateInput, update, updatesList, updatesQuery, updateUpdateInput } from '../updates';

const adminWrite = { access: 'admin', writes: ['updates', 'audit_log'] } as const;

export const updateEndpoints = {
  list: endpoint({
    id: 'updates.list',
    method: 'GET',
    path: '/api/updates',
    access: 'user',
    summary: "A project's updates, newest first, each marked new until the caller has read it",
    description:
      "The project is required ('Project ID is required'); another investor's project is not found.",
    query: updatesQuery,
    requiredQuery: ['projectId'],
    answer: updatesList,
    errors: [404],
    reads: ['projects', 'investments', 'updates', 'update_reads', 'users'],
    cache: true,
  }),
  markRead: endpoint({
    id: 'updates.markRead',
    method: 'PUT',
    path: '/api/updates/:id/read',
    access: 'user',
    summary: 'Marks an update read for the caller (reading it twice is not an error)',
    params: idParams,
    answer: okMessage,
    writes: ['update_reads'],
  }),
  create: endpoint({
    id: 'updates.create',
    method: 'POST',
    path: '/api/updates',
    ...adminWrite,
    writes: [...adminWrite.writes, 'notifications'],
    summary: "Publishes an update (its HTML sanitized) and tells the project's investors",
    body: createUpdateInput,
    status: 201,
    answer: envelope(update),
    errors: [404],
  }),
  update: endpoint({
    id: 'updates.update',
    method: 'PUT',
    path: '/api/updates/:id',
    ...adminWrite,
    summary: 'Changes the fields sent of an update',
    params: idParams,
    body: updateUpdateInput,
    answer: envelope(update),
  }),
  remove: endpoint({
    id: 'updates.remove',
    method: 'DELETE',
    path: '/api/updates/:id',
    ...adminWrite,
    writes: [...adminWrite.writes, 'update_reads'],
    summary: 'Deletes an update',
    params: idParams,
    answer: okMessage,
  }),
};
