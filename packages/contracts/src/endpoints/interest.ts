import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  interestInput,
  interestListQuery,
  interestPage,
  interestRegistration,
  interestStatusInput,
} from '../interest';

export const interestEndpoints = {
  register: endpoint({
    id: 'interest.register',
    method: 'POST',
    path: '/api/interest',
    access: 'user',
    summary: "Stores a 'Register Your Interest' submission",
    description: "The amount, when given, within the open opportunity's minimum and maximum.",
    body: interestInput,
    status: 201,
    answer: envelope(interestRegistration),
    errors: [429],
    writes: ['interest_registrations'],
  }),
  list: endpoint({
    id: 'interest.list',
    method: 'GET',
    path: '/api/interest',
    access: 'admin',
    summary: 'A page of interest registrations, newest first, with search and a status filter',
    query: interestListQuery,
    answer: envelope(interestPage),
    reads: ['interest_registrations', 'users'],
  }),
  setStatus: endpoint({
    id: 'interest.setStatus',
    method: 'PUT',
    path: '/api/interest/:id/status',
    access: 'admin',
    summary: 'Moves a registration along: new, contacted, closed',
    params: idParams,
    body: interestStatusInput,
    answer: envelope(interestRegistration),
    writes: ['interest_registrations', 'audit_log'],
  }),
};
