import { describe, expect, it } from 'vitest';
import { allEndpoints, endpointById } from './endpoints';
import { DELEGATION_RULES, delegationAllows } from './delegation-rules';
import { DELEGATION_ROLES } from './value-sets';

const userEndpoints = allEndpoints.filter((e) => e.access === 'user');

describe('delegation rules: a declared rule per role for every endpoint', () => {
  it.each(userEndpoints.map((e) => [e.id, e] as const))('%s has a rule for each role', (_, e) => {
    const rule = DELEGATION_RULES[e.id];
    expect(rule, `${e.id} (${e.method} ${e.path}) needs a rule in delegation-rules.ts`).toBeDefined();
    for (const role of DELEGATION_ROLES) expect(typeof rule![role]).toBe('boolean');
  });

  it('admin and public endpoints have none, and every rule names an endpoint of the registry', () => {
    for (const id of Object.keys(DELEGATION_RULES)) {
      const e = endpointById(id);
      expect(e, `${id} is not an endpoint`).toBeDefined();
      expect(e!.access, id).toBe('user');
    }
    const others = allEndpoints.filter((e) => e.access !== 'user');
    expect(others.length).toBeGreaterThan(10);
    for (const e of others)
      for (const role of DELEGATION_ROLES) expect(delegationAllows(e, role).allowed, e.id).toBe(false);
  });

  it('a viewer changes nothing; an accountant changes nothing and sees only papers', () => {
    for (const e of userEndpoints) {
      if (e.method !== 'GET' && e.id !== 'auth.actAs') {
        expect(DELEGATION_RULES[e.id]!.viewer, e.id).toBe(false);
        expect(DELEGATION_RULES[e.id]!.accountant, e.id).toBe(false);
      }
    }
    const accountant = userEndpoints.filter((e) => DELEGATION_RULES[e.id]!.accountant).map((e) => e.id);
    expect(accountant.sort()).toEqual(
      [
        'auth.actAs',
        'documents.download',
        'documents.list',
        'documents.mediaDownload',
        'documents.mediaPreview',
        'documents.preview',
        'statements.get',
        'statements.list',
        'statements.pdf',
        'support.contact',
        'users.me',
      ].sort(),
    );
  });

  it('nobody reaches bank accounts, security settings, delegations or privacy', () => {
    const ownerOnly = userEndpoints.filter(
      (e) =>
        e.id === 'users.setBankAccount' ||
        e.id.startsWith('delegations.') ||
        e.id.startsWith('privacy.') ||
        /^\/api\/auth\/(password|totp|sessions|passkeys)/.test(e.path),
    );
    expect(ownerOnly.length).toBeGreaterThan(15);
    for (const e of ownerOnly)
      for (const role of DELEGATION_ROLES)
        expect(DELEGATION_RULES[e.id]![role], `${e.id} ${role}`).toBe(false);
  });

  it('the issue’s examples: a viewer’s booking, an accountant’s payouts, anyone’s bank account', () => {
    const ep = (id: string) => endpointById(id)!;
    expect(delegationAllows(ep('bookings.create'), 'viewer')).toEqual({ allowed: false, refusal: 'change' });
    expect(delegationAllows(ep('bookings.create'), 'co-owner')).toEqual({ allowed: true });
    expect(delegationAllows(ep('investments.payouts'), 'accountant')).toEqual({
      allowed: false,
      refusal: 'see',
    });
    expect(delegationAllows(ep('investments.payouts'), 'viewer')).toEqual({ allowed: true });
    for (const role of DELEGATION_ROLES)
      expect(delegationAllows(ep('users.setBankAccount'), role).allowed).toBe(false);
  });
});
