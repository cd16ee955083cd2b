import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import { capitalCall, capitalCallInput, openCallLine } from '../reconciliation';

export const capitalCallEndpoints = {
  create: endpoint({
    id: 'capitalCalls.create',
    method: 'POST',
    path: '/api/admin/offerings/:id/calls',
    access: 'admin',
    summary: 'Calls a share of every accepted subscription of an offering: one line per investor',
    description:
      'Each accepted (or already called, not yet funded) subscription gets a line of percent × its amount; ' +
      'the lines are split in whole cents by the largest-remainder rule, so that they add up exactly to ' +
      'percent × the accepted total. Each line has its own ISO 11649 creditor reference. The calls of an ' +
      'offering add up to at most 100 % (400 naming what is left). Each investor is notified (bell, email, ' +
      'a PDF notice in their documents).',
    params: idParams,
    body: capitalCallInput,
    status: 201,
    answer: envelope(capitalCall),
    writes: [
      'capital_calls',
      'capital_call_lines',
      'subscriptions',
      'documents',
      'notifications',
      'mail_messages',
      'audit_log',
    ],
  }),
  list: endpoint({
    id: 'capitalCalls.list',
    method: 'GET',
    path: '/api/admin/offerings/:id/calls',
    access: 'admin',
    summary: 'The calls of an offering with their lines and what is paid so far',
    params: idParams,
    answer: envelope(z.array(capitalCall)),
    reads: ['capital_calls', 'capital_call_lines', 'users'],
  }),
  overdue: endpoint({
    id: 'capitalCalls.overdue',
    method: 'GET',
    path: '/api/admin/capital-calls/overdue',
    access: 'admin',
    summary: 'Call lines past their due day and not paid in full',
    answer: envelope(z.array(openCallLine)),
    reads: ['capital_calls', 'capital_call_lines', 'offerings', 'projects', 'users'],
  }),
  open: endpoint({
    id: 'capitalCalls.open',
    method: 'GET',
    path: '/api/admin/capital-calls/open',
    access: 'admin',
    summary: 'Call lines not paid in full (to assign a bank entry to by hand)',
    answer: envelope(z.array(openCallLine)),
    reads: ['capital_calls', 'capital_call_lines', 'offerings', 'projects', 'users'],
  }),
};
