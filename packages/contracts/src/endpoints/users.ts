import { currentUser, profileInput } from '../users';
import { envelope } from '../common';
import { endpoint } from '../endpoint';

export const userEndpoints = {
  me: endpoint({
    id: 'users.me',
    method: 'GET',
    path: '/api/users/me',
    access: 'user',
    summary: 'The signed-in user: profile, two-factor state and investment summary',
    answer: envelope(currentUser),
    reads: [
      'users',
      'investments',
      'monthly_returns',
      'capital_returns',
      'rental_incomes',
      'adjustments',
      'projects',
      'settings',
    ],
    cache: true,
  }),
  updateMe: endpoint({
    id: 'users.updateMe',
    method: 'PUT',
    path: '/api/users/me',
    access: 'user',
    summary: "Changes the signed-in user's profile fields",
    body: profileInput,
    answer: envelope(currentUser),
    writes: ['users'],
  }),
};
