import { describe, expect, it } from 'vitest';
import { creditorReference } from '../../lib/creditor-reference';
import { CamtError, parseCamt } from './camt';
import { camtFile } from './camt-fixture';

const REF = creditorReference('100042');

describe('reading camt.053 and camt.054 files', () => {
  it.each(['02', '08'] as const)(
    'reads a credit of camt.053.001.%s with its reference, payer and day',
    (version) => {
      const file = parseCamt(
        camtFile({
          version,
          account: 'DE89370400440532013000',
          entries: [
            {
              amount: '12500.50',
              reference: REF,
              name: 'Emma Lindqvist',
              iban: 'SE4550000000058398257466',
              bookedOn: '2026-11-19',
              accountServicerRef: '2026111900042',
            },
          ],
        }),
      );
      expect(file).toEqual({
        kind: 'camt.053',
        account: 'DE89370400440532013000',
        transactions: [
          {
            key: '2026111900042',
            direction: 'credit',
            amountCents: 1_250_050,
            currency: 'EUR',
            booked: true,
            bookedOn: '2026-11-19',
            reversal: false,
            references: [REF],
            remittance: '',
            endToEndId: null,
            counterparty: { name: 'Emma Lindqvist', iban: 'SE4550000000058398257466' },
            returnReason: null,
          },
        ],
      });
    },
  );

  it('finds a reference typed into the free text, and ignores a structured one whose check digits fail', () => {
    const [typed, wrong] = parseCamt(
      camtFile({
        entries: [
          { amount: '100', text: ['Tatra Ridge capital call', `ref ${REF.replace(/(.{4})/g, '$1 ')}`] },
          { amount: '100', reference: 'RF00100042' },
        ],
      }),
    ).transactions;
    expect(typed!.references).toEqual([REF]);
    expect(typed!.remittance).toContain('Tatra Ridge capital call');
    expect(wrong!.references).toEqual([]);
  });

  it('splits a batch entry into its transactions, each with its own amount and key', () => {
    const { transactions } = parseCamt(
      camtFile({
        entries: [
          {
            amount: 'ignored',
            accountServicerRef: 'BATCH-7',
            batch: [
              { amount: '10.00', reference: creditorReference('1') },
              { amount: '0.01', reference: creditorReference('2'), bankRef: 'TX-2' },
            ],
          },
        ],
      }),
    );
    expect(transactions.map((t) => [t.key, t.amountCents, t.references[0]])).toEqual([
      ['BATCH-7/1', 1000, creditorReference('1')],
      ['TX-2', 1, creditorReference('2')],
    ]);
  });

  it('reads a returned payout: a credit back with its end-to-end id and reason (camt.054)', () => {
    const { kind, transactions } = parseCamt(
      camtFile({
        kind: 'camt.054',
        version: '08',
        entries: [{ amount: '250.00', endToEndId: 'DIST-42-7', returnReason: 'AC04', name: 'Lukas Berg' }],
      }),
    );
    expect(kind).toBe('camt.054');
    expect(transactions[0]).toMatchObject({
      direction: 'credit',
      endToEndId: 'DIST-42-7',
      returnReason: 'AC04',
      counterparty: { name: 'Lukas Berg', iban: null },
    });
  });

  it('keeps pending and reversed entries recognisable, and a debit as a debit', () => {
    const { transactions } = parseCamt(
      camtFile({
        entries: [
          { amount: '5.00', status: 'PDNG' },
          { amount: '5.00', reversal: true },
          { amount: '7.25', direction: 'DBIT', endToEndId: 'DIST-1-1', name: 'Anna' },
        ],
      }),
    );
    expect(transactions.map((t) => [t.booked, t.reversal, t.direction])).toEqual([
      [false, false, 'credit'],
      [true, true, 'credit'],
      [true, false, 'debit'],
    ]);
    expect(transactions[2]!.counterparty.name).toBe('Anna');
  });

  it('knows an entry without a bank reference by what it says: the same in a second reading', () => {
    const xml = camtFile({ entries: [{ amount: '1.00', accountServicerRef: null, reference: REF }] });
    const [a] = parseCamt(xml).transactions;
    const [b] = parseCamt(xml).transactions;
    expect(a!.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b!.key).toBe(a!.key);
  });

  it('reads amounts exactly, never through a float', () => {
    const amounts = ['0.1', '0.29', '1234567890123.45', '10.50000'];
    const { transactions } = parseCamt(camtFile({ entries: amounts.map((amount) => ({ amount })) }));
    expect(transactions.map((t) => t.amountCents)).toEqual([10, 29, 123_456_789_012_345, 1050]);
  });

  it.each([
    ['not XML at all', 'hello', 'malformed'],
    ['XML that is not a statement', '<Document><CstmrCdtTrfInitn/></Document>', 'not_camt'],
    ['a file that declares entities', '<!DOCTYPE x [<!ENTITY a "b">]><Document/>', 'doctype'],
    ['an amount with a third decimal', camtFile({ entries: [{ amount: '1.001' }] }), 'entry_amount'],
    ['a negative amount', camtFile({ entries: [{ amount: '-5.00' }] }), 'entry_amount'],
  ])('refuses %s, saying why', (_, xml, reason) => {
    let error: unknown;
    try {
      parseCamt(xml);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CamtError);
    expect((error as CamtError).reason).toBe(reason);
  });
});
