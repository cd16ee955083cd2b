import { describe, expect, it } from 'vitest';
import { createTranslator, LOCALES } from '@portal/i18n';
import { AUDIT_ENTITIES, type AuditEntry } from './audit';
import {
  AUDIT_ACTIONS,
  auditMessage,
  auditRoleLabel,
  auditSentence,
  auditText,
  type AuditKind,
  type AuditParam,
  type AuditTranslate,
} from './audit-sentence';

/** Every message key of a message and its parts. */
const keysOf = (m: AuditParam): string[] =>
  Array.isArray(m)
    ? m.flatMap(keysOf)
    : typeof m === 'object'
      ? [m.key, ...Object.values(m.params).flatMap(keysOf)]
      : [];

const ANNA = { _id: 'a0000000-0000-4000-8000-000000000001', name: 'Anna Admin', email: 'anna@example.com' };
const LUKAS = { _id: 'c0000000-0000-4000-8000-000000000002', name: 'Lukas Berg' };
const AURORA = { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Aurora Lakeside Cabins' };

const entry = (kind: AuditKind, over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: '1',
  ...kind,
  entityId: null,
  details: null,
  createdAt: '2026-03-10T08:00:00.000Z',
  actor: { ...ANNA, role: 'admin' },
  subject: LUKAS,
  project: AURORA,
  ...over,
});

/** Every (entity, action) pair the server can record: recordAudit's type accepts no other. */
const EVERY_KIND = Object.entries(AUDIT_ACTIONS).flatMap(([entity, actions]) =>
  actions.map((action) => ({ entity, action }) as AuditKind),
);

describe('auditSentence', () => {
  it('has a sentence for every action the server records, naming who and never the raw action', () => {
    expect(EVERY_KIND.length).toBeGreaterThan(50);
    for (const kind of EVERY_KIND) {
      const sentence = auditSentence(entry(kind));
      const label = `${kind.entity}/${kind.action}`;
      expect(sentence, label).toMatch(/^Anna Admin [a-z]/);
      // The fallback for a pair no one records reads "Anna Admin: update of user".
      expect(sentence, label).not.toContain(':');
      expect(sentence, label).not.toMatch(/[a-z][-_][a-z]/);
      expect(sentence, label).not.toMatch(/undefined|null|NaN|\[object/);
    }
  });

  it('words every sentence, and each of its parts, in every language from the message files', async () => {
    const i18n = await createTranslator();
    const full = (kind: AuditKind) =>
      entry(kind, {
        details: {
          name: 'N',
          amount: 5,
          month: '2026-01',
          period: '2026-01',
          fields: ['name'],
          firstNight: '2027-01-11',
          lastNight: '2027-01-12',
          totalNights: 3,
          bonusNights: 1,
          expiresAt: '2027-12-31',
          perkName: 'Sauna',
          date: '2027-01-11',
          reason: 'R',
          investors: 2,
          payments: 2,
          status: 'contacted',
          startsOn: '2027-01-01',
          endsOn: '2027-01-05',
          rows: 3,
          income: 2,
          capital: 1,
          fileReplaced: true,
          grossIncome: 100,
          from: 1,
          to: 2,
          holder: 'H',
          iban: 'I',
          email: 'e@example.com',
          active: false,
        },
      });
    for (const kind of EVERY_KIND)
      for (const e of [entry(kind), full(kind), entry(kind, { actor: null, subject: null, project: null })])
        for (const lng of LOCALES) {
          const label = `${kind.entity}/${kind.action} in ${lng}`;
          const t = i18n.getFixedT(lng) as unknown as AuditTranslate;
          // A key the language lacks would read as the key itself (or as English, in another language).
          for (const key of keysOf(auditMessage(e)))
            expect(i18n.exists(key, { lng, fallbackLng: false, count: 1 }), `${label}: ${key}`).toBe(true);
          expect(auditText(t, e), label).not.toMatch(/audit\.sentence|\{\{|undefined|NaN/);
        }
  });

  it("names the changed fields in the reader's language, and a field without words by its name", async () => {
    const i18n = await createTranslator();
    const changed = (lng: 'en' | 'de' | 'nb', fields: string[]) =>
      auditText(
        i18n.getFixedT(lng) as unknown as AuditTranslate,
        entry({ entity: 'project', action: 'update' }, { details: { name: 'Aurora', fields } }),
      );
    const fields = ['totalInvestment', 'annualROI', 'dateOfBirth', 'somethingNew'];
    expect(changed('en', fields)).toBe(
      'Anna Admin changed the project Aurora Lakeside Cabins (total investment, annual ROI, date of birth, something new)',
    );
    expect(changed('de', fields)).toMatch(
      /\(Gesamtinvestition, jährliche Rendite, Geburtsdatum, something new\)$/,
    );
    expect(changed('nb', fields)).toMatch(
      /\(total investering, årlig avkastning, fødselsdato, something new\)$/,
    );
  });

  it('reads in German and Norwegian with amounts, days and months as each writes them', async () => {
    const i18n = await createTranslator();
    const say = (lng: 'de' | 'nb', kind: AuditKind, over: Partial<AuditEntry>) =>
      auditText(i18n.getFixedT(lng) as unknown as AuditTranslate, entry(kind, over)).replace(
        /[\u00a0\u202f]/g,
        ' ',
      );
    const stay = {
      details: { type: 'personal', nights: 3, firstNight: '2027-01-11', lastNight: '2027-01-13' },
    };
    expect(say('de', { entity: 'booking', action: 'approve' }, stay)).toBe(
      'Anna Admin hat den Aufenthalt von Lukas Berg bei Aurora Lakeside Cabins genehmigt, 11. Jan. → 14. Jan. 2027',
    );
    expect(say('nb', { entity: 'booking', action: 'approve' }, stay)).toBe(
      'Anna Admin godkjente oppholdet til Lukas Berg hos Aurora Lakeside Cabins, 11. jan. → 14. jan. 2027',
    );
    const paid = { details: { kind: 'income', period: '2026-09', amount: 12000.5, investors: 7 } };
    expect(say('de', { entity: 'distribution', action: 'finalize' }, paid)).toBe(
      'Anna Admin hat eine Ausschüttung über 12.000,50 € für Sept. 2026 bei Aurora Lakeside Cabins an 7 Investoren ausgezahlt',
    );
    expect(say('nb', { entity: 'distribution', action: 'finalize' }, paid)).toMatch(
      /^Anna Admin utbetalte en utdeling på 12 000,50 € for sep.* 2026 hos Aurora Lakeside Cabins til 7 investorer$/,
    );
    expect(
      say('de', { entity: 'interest', action: 'update' }, { details: { name: 'Ola', status: 'contacted' } }),
    ).toBe('Anna Admin hat die Interessensbekundung von Ola als kontaktiert markiert');
    const report = { details: { status: 'in_progress', from: 'new' } };
    expect(say('de', { entity: 'stay_report', action: 'update' }, report)).toBe(
      'Anna Admin hat die Problemmeldung von Lukas Berg bei Aurora Lakeside Cabins als in Bearbeitung markiert',
    );
    expect(say('nb', { entity: 'stay_report', action: 'update' }, report)).toBe(
      'Anna Admin markerte problemmeldingen til Lukas Berg hos Aurora Lakeside Cabins som under arbeid',
    );
    expect(say('de', { entity: 'investment', action: 'delete' }, { actor: null, subject: null })).toBe(
      'Ein gelöschtes Konto hat die Investition eines Investors in Aurora Lakeside Cabins entfernt',
    );
  });

  it('covers every kind of object the filter offers, and the filter every kind recorded', () => {
    expect(Object.keys(AUDIT_ACTIONS).sort()).toEqual(AUDIT_ENTITIES.map((e) => e.id).sort());
  });

  it('reads each entry as a sentence with its object', () => {
    const say = (kind: AuditKind, over: Partial<AuditEntry>) => auditSentence(entry(kind, over));
    expect(
      say(
        { entity: 'booking', action: 'approve' },
        { details: { type: 'personal', nights: 3, firstNight: '2027-01-11', lastNight: '2027-01-13' } },
      ),
    ).toBe("Anna Admin approved Lukas Berg's stay at Aurora Lakeside Cabins, Jan 11 → Jan 14, 2027");
    // An entry written before the nights were recorded.
    expect(say({ entity: 'booking', action: 'decline' }, { details: { nights: 1 } })).toBe(
      "Anna Admin declined Lukas Berg's booking at Aurora Lakeside Cabins, 1 night",
    );
    const emma = { _id: 'c0000000-0000-4000-8000-000000000001', name: 'Emma Lindqvist-Berg' };
    expect(
      say(
        { entity: 'user', action: 'bank-account' },
        {
          actor: { ...emma, email: 'emma@example.com', role: 'investor' },
          subject: emma,
          project: null,
          details: { holder: 'Emma Lindqvist-Berg', iban: 'DE89 •••• 3000', bic: null },
        },
      ),
    ).toBe('Emma Lindqvist-Berg changed their bank account to Emma Lindqvist-Berg, DE89 •••• 3000');
    expect(
      say({ entity: 'statements', action: 'publish' }, { details: { period: '2025', investors: 2 } }),
    ).toBe('Anna Admin published the statements of 2025 to 2 investors');
    expect(
      say(
        { entity: 'cabin', action: 'create' },
        { subject: null, details: { name: 'Chalet A', active: true, projectId: AURORA._id } },
      ),
    ).toBe('Anna Admin added the cabin “Chalet A” at Aurora Lakeside Cabins');
    expect(
      say(
        { entity: 'distribution', action: 'finalize' },
        { details: { kind: 'income', period: '2026-09', amount: 12000, investors: 7 } },
      ),
    ).toBe(
      'Anna Admin paid an income distribution of €12,000 for Sep 2026 at Aurora Lakeside Cabins to 7 investors',
    );
    expect(
      say(
        { entity: 'distribution', action: 'download' },
        { details: { file: 'payments.csv', payments: 2, kind: 'capital', period: '2026-09', amount: 500 } },
      ),
    ).toBe(
      'Anna Admin downloaded the payments file of a return of capital of €500 for Sep 2026 at Aurora Lakeside Cabins (2 payments)',
    );
    expect(
      say(
        { entity: 'project', action: 'update' },
        { details: { name: 'Aurora', fields: ['totalInvestment', 'annualROI'] } },
      ),
    ).toBe('Anna Admin changed the project Aurora Lakeside Cabins (total investment, annual ROI)');
    expect(
      say(
        { entity: 'project', action: 'update' },
        { details: { name: 'Aurora', fields: ['opportunity'], openForInterest: true } },
      ),
    ).toBe('Anna Admin opened Aurora Lakeside Cabins for interest');
    expect(
      say(
        { entity: 'settings', action: 'update' },
        { entityId: 'security', details: { requireAdminTotp: true } },
      ),
    ).toBe('Anna Admin required two-factor sign-in for admins');
    expect(say({ entity: 'investment', action: 'delete' }, { actor: null })).toBe(
      "A deleted account removed Lukas Berg's investment in Aurora Lakeside Cabins",
    );
  });

  it("reads a problem report's status change, in English", () => {
    expect(
      auditSentence(entry({ entity: 'stay_report', action: 'update' }, { details: { status: 'done' } })),
    ).toBe("Anna Admin marked Lukas Berg's problem report at Aurora Lakeside Cabins as done");
  });

  it('names the actor’s role, and says something readable for a pair no longer recorded', () => {
    const investor = entry(
      { entity: 'swap_offer', action: 'accept' },
      { actor: { ...ANNA, role: 'investor' } },
    );
    expect(auditRoleLabel(investor)).toBe('Investor');
    expect(auditRoleLabel(entry({ entity: 'perk', action: 'create' }))).toBe('Admin');
    expect(auditRoleLabel(entry({ entity: 'perk', action: 'create' }, { actor: null }))).toBe(
      'Deleted account',
    );
    const old = { ...entry({ entity: 'user', action: 'update' }), action: 'merge', entity: 'old_thing' };
    expect(auditSentence(old)).toBe('Anna Admin: merge of old thing');
  });
});
