import { idParams } from '../common';
import { endpoint } from '../endpoint';
import { stayRulesAnswer, stayRulesInput, stayRulesParams } from '../stay-rules';

/** A project's stay rules: turnover days, last-minute stays and seasons' minimum stays (issue 35). */
export const stayRuleEndpoints = {
  get: endpoint({
    id: 'stayRules.get',
    method: 'GET',
    path: '/api/perks/stay-rules/:projectId',
    access: 'user',
    summary: "A project's stay rules: turnover days, last-minute days and seasons with minimum stays",
    description:
      'An investor sees the rules of the projects they hold (404 otherwise); an admin, of every project.',
    params: stayRulesParams,
    answer: stayRulesAnswer,
    errors: [404],
    reads: ['projects', 'investments', 'stay_rules'],
  }),
  adminGet: endpoint({
    id: 'stayRules.adminGet',
    method: 'GET',
    path: '/api/admin/projects/:id/stay-rules',
    access: 'admin',
    summary: "A project's stay rules (admin)",
    params: idParams,
    answer: stayRulesAnswer,
    errors: [404],
    reads: ['projects', 'stay_rules'],
  }),
  put: endpoint({
    id: 'stayRules.put',
    method: 'PUT',
    path: '/api/admin/projects/:id/stay-rules',
    access: 'admin',
    summary: "Replaces a project's stay rules; stays already requested are kept",
    params: idParams,
    body: stayRulesInput,
    answer: stayRulesAnswer,
    errors: [404],
    writes: ['stay_rules', 'audit_log'],
  }),
};
