import { envelope } from '../common';
import { endpoint } from '../endpoint';
import { supportContact, supportContactInput } from '../support';

export const supportEndpoints = {
  contact: endpoint({
    id: 'support.contact',
    method: 'GET',
    path: '/api/support-contact',
    access: 'user',
    summary: "The support contact behind the investors' chat button (null where not set)",
    answer: envelope(supportContact),
    reads: ['settings'],
  }),
  settings: endpoint({
    id: 'support.settings',
    method: 'GET',
    path: '/api/admin/settings/support',
    access: 'admin',
    summary: 'The support contact, as the admin setting',
    answer: envelope(supportContact),
    reads: ['settings'],
  }),
  setSettings: endpoint({
    id: 'support.setSettings',
    method: 'PUT',
    path: '/api/admin/settings/support',
    access: 'admin',
    summary: 'Sets the support contact (WhatsApp number and email address; each may be empty)',
    body: supportContactInput,
    answer: envelope(supportContact),
    writes: ['settings', 'audit_log'],
  }),
};
