import { adminUser, createUserInput, updateUserInput, userList, userListQuery } from '../users';
import { envelope, idParams, okMessage } from '../common';
import { endpoint } from '../endpoint';

/** What an admin's view of a user is made from: the account, its investments and their returns. */
const userView = [
  'users',
  'investments',
  'projects',
  'monthly_returns',
  'rental_incomes',
  'adjustments',
] as const;

export const adminUserEndpoints = {
  list: endpoint({
    id: 'users.list',
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    summary: 'A page of users, with search, status, role and project-link filters',
    query: userListQuery,
    answer: userList,
    reads: [...userView],
  }),
  get: endpoint({
    id: 'users.get',
    method: 'GET',
    path: '/api/users/:id',
    access: 'admin',
    summary: 'One user with every investment and its monthly returns',
    params: idParams,
    answer: envelope(adminUser),
    reads: userView,
  }),
  create: endpoint({
    id: 'users.create',
    method: 'POST',
    path: '/api/users',
    access: 'admin',
    summary: 'Adds an investor account, active at once',
    body: createUserInput,
    status: 201,
    answer: envelope(adminUser),
    errors: [409],
    writes: ['users', 'audit_log'],
  }),
  update: endpoint({
    id: 'users.update',
    method: 'PUT',
    path: '/api/users/:id',
    access: 'admin',
    summary: "Changes a user's profile and investments",
    params: idParams,
    body: updateUserInput,
    answer: envelope(adminUser),
    errors: [409],
    writes: ['users', 'investments', 'audit_log'],
  }),
  remove: endpoint({
    id: 'users.remove',
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'admin',
    summary: 'Deletes a user and everything that is theirs; their sessions end at once',
    description:
      'A user with an investment, a return, a return of capital, rental income, an allocation or a ' +
      'document of their own is kept: 409, deactivate them instead.',
    params: idParams,
    answer: okMessage,
    errors: [409],
    // What goes with the user (foreign keys that cascade or are set to null).
    writes: [
      'users',
      'refresh_tokens',
      'investments',
      'monthly_returns',
      'update_reads',
      'cabin_allowances',
      'bookings',
      'booking_nights',
      'documents',
      'notifications',
      'interest_registrations',
      'audit_log',
    ],
  }),
  activate: endpoint({
    id: 'users.activate',
    method: 'POST',
    path: '/api/users/:id/activate',
    access: 'admin',
    summary: 'Lets a signed-up or deactivated account sign in; the user is notified',
    params: idParams,
    answer: envelope(adminUser),
    writes: ['users', 'notifications', 'audit_log', 'mail_messages'],
  }),
  deactivate: endpoint({
    id: 'users.deactivate',
    method: 'POST',
    path: '/api/users/:id/deactivate',
    access: 'admin',
    summary: 'Stops an account from signing in and ends its sessions',
    params: idParams,
    answer: envelope(adminUser),
    writes: ['users', 'refresh_tokens', 'audit_log'],
  }),
};
