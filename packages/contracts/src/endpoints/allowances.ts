import { envelope } from '../common';
import { endpoint } from '../endpoint';
import {
  allowanceParams,
  cabinAllowance,
  cabinAllowanceInput,
  cabinNightsAnswer,
  projectIdParams,
} from '../perks';
import { visibility, withoutProject } from './perks';

/** Cabin nights: an investor's allowance in a project and what is left of it; the admin sets it. */
export const allowanceEndpoints = {
  cabinNights: endpoint({
    id: 'perks.cabinNights',
    method: 'GET',
    path: '/api/perks/cabin-nights/:projectId',
    access: 'user',
    summary: "The caller's cabin nights in a project (null when they hold none there)",
    params: projectIdParams,
    answer: cabinNightsAnswer,
    reads: [...visibility, 'cabin_allowances', 'booking_nights'],
  }),
  cabinNightsWithoutProject: withoutProject('perks.cabinNightsWithoutProject', '/api/perks/cabin-nights'),
  allowance: endpoint({
    id: 'perks.allowance',
    method: 'GET',
    path: '/api/perks/cabin-nights/:projectId/users/:userId',
    access: 'admin',
    summary: "A user's cabin-night allowance in a project, or null when none is set",
    params: allowanceParams,
    answer: envelope(cabinAllowance.nullable()),
    reads: ['projects', 'users', 'cabin_allowances', 'booking_nights'],
  }),
  setAllowance: endpoint({
    id: 'perks.setAllowance',
    method: 'PUT',
    path: '/api/perks/cabin-nights/:projectId/users/:userId',
    access: 'admin',
    summary: "Sets a user's cabin-night allowance in a project, never below the nights already requested",
    params: allowanceParams,
    body: cabinAllowanceInput,
    answer: envelope(cabinAllowance),
    errors: [409],
    writes: ['cabin_allowances', 'audit_log'],
  }),
};
