import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../lib/errors';
import {
  buildSepaCreditTransfer,
  formatCents,
  toSepaText,
  type SepaPayment,
  type SepaTransferOrder,
} from './sepa';

type Node = Record<string, unknown>;
interface Parsed {
  Document: {
    '@xmlns': string;
    CstmrCdtTrfInitn: { GrpHdr: Node & { InitgPty: { Nm: string } }; PmtInf: Node & { CdtTrfTxInf: Node[] } };
  };
}

/** Every value read back as the text the file holds (no number parsing, which would hide "1.50" vs "1.5"). */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => name === 'CdtTrfTxInf',
});
function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const root = (parser.parse(xml) as Parsed).Document;
  return { root, header: root.CstmrCdtTrfInitn.GrpHdr, block: root.CstmrCdtTrfInitn.PmtInf };
}

/** Cents to the file's decimal, the way a person would write it, to check the module's own formatting. */
const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const payment = (overrides: Partial<SepaPayment> = {}): SepaPayment => ({
  endToEndId: 'D-2025-07-INV-00001',
  name: 'Aino Virtanen',
  iban: 'FI21 1234 5600 0007 85',
  bic: 'NDEAFIHH',
  amountCents: 33_334,
  remittance: 'Pine Hollow Retreat, income 2025-07',
  ...overrides,
});
const order = (payments: SepaPayment[], overrides: Partial<SepaTransferOrder> = {}): SepaTransferOrder => ({
  messageId: 'DIST-2025-07-PINE',
  createdAt: new Date('2025-08-01T09:30:15.123Z'),
  payer: { name: 'Investor Portal Fund Oy', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
  executionDate: '2025-08-05',
  payments,
  ...overrides,
});

describe('buildSepaCreditTransfer', () => {
  const threeHolders = [
    payment({ endToEndId: 'D1-INV-001', amountCents: 33_334 }),
    payment({
      endToEndId: 'D1-INV-002',
      name: 'Max Müller',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountCents: 33_333,
    }),
    payment({
      endToEndId: 'D1-INV-003',
      name: 'Jane Smith',
      iban: 'GB29NWBK60161331926819',
      amountCents: 33_333,
    }),
  ];

  it('writes a pain.001.001.09 document with the header, one payment block and the transfers in EPC order', () => {
    const { root, header, block } = parse(buildSepaCreditTransfer(order(threeHolders)));
    expect(root['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(Object.keys(header)).toEqual(['MsgId', 'CreDtTm', 'NbOfTxs', 'CtrlSum', 'InitgPty']);
    expect(header).toMatchObject({
      MsgId: 'DIST-2025-07-PINE',
      CreDtTm: '2025-08-01T09:30:15Z',
      InitgPty: { Nm: 'Investor Portal Fund Oy' },
    });
    expect(Object.keys(block)).toEqual([
      'PmtInfId',
      'PmtMtd',
      'NbOfTxs',
      'CtrlSum',
      'PmtTpInf',
      'ReqdExctnDt',
      'Dbtr',
      'DbtrAcct',
      'DbtrAgt',
      'ChrgBr',
      'CdtTrfTxInf',
    ]);
    expect(block).toMatchObject({
      PmtInfId: 'DIST-2025-07-PINE',
      PmtMtd: 'TRF',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
      ReqdExctnDt: { Dt: '2025-08-05' },
      Dbtr: { Nm: 'Investor Portal Fund Oy' },
      DbtrAcct: { Id: { IBAN: 'NL91ABNA0417164300' } },
      DbtrAgt: { FinInstnId: { BICFI: 'ABNANL2A' } },
      ChrgBr: 'SLEV',
    });
    const [first] = block.CdtTrfTxInf;
    expect(Object.keys(first!)).toEqual(['PmtId', 'Amt', 'CdtrAgt', 'Cdtr', 'CdtrAcct', 'RmtInf']);
    expect(first).toEqual({
      PmtId: { EndToEndId: 'D1-INV-001' },
      Amt: { InstdAmt: { '#text': '333.34', '@Ccy': 'EUR' } },
      CdtrAgt: { FinInstnId: { BICFI: 'NDEAFIHH' } },
      Cdtr: { Nm: 'Aino Virtanen' },
      CdtrAcct: { Id: { IBAN: 'FI2112345600000785' } },
      RmtInf: { Ustrd: 'Pine Hollow Retreat, income 2025-07' },
    });
  });

  it('counts the transfers and states the control sum in the header and in the block: €1,000.00 over three', () => {
    const { header, block } = parse(buildSepaCreditTransfer(order(threeHolders)));
    for (const level of [header, block]) {
      expect(level.NbOfTxs).toBe('3');
      expect(level.CtrlSum).toBe('1000.00');
    }
    expect(
      block.CdtTrfTxInf.map((t) => (t.Amt as { InstdAmt: { '#text': string } }).InstdAmt['#text']),
    ).toEqual(['333.34', '333.33', '333.33']);
  });

  it('has control sums equal to the sum of the cents, for any amounts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 99_999_999_999 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (amounts) => {
          const payments = amounts.map((amountCents, i) => payment({ endToEndId: `T-${i}`, amountCents }));
          const { header, block } = parse(buildSepaCreditTransfer(order(payments)));
          const cents = amounts.reduce((s, a) => s + a, 0);
          expect(header.CtrlSum).toBe(euros(cents));
          expect(block.CtrlSum).toBe(euros(cents));
          expect(header.NbOfTxs).toBe(String(amounts.length));
          const stated = block.CdtTrfTxInf.map(
            (t) => (t.Amt as { InstdAmt: { '#text': string } }).InstdAmt['#text'],
          );
          expect(stated).toEqual(amounts.map(euros));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('formats cents exactly where a float sum would not', () => {
    expect(formatCents(1n)).toBe('0.01');
    expect(formatCents(100n)).toBe('1.00');
    expect(formatCents(123_456n)).toBe('1234.56');
    // 0.1 + 0.2 in doubles is 0.30000000000000004; in cents it is 30.
    const { header } = parse(
      buildSepaCreditTransfer(
        order([payment({ endToEndId: 'A', amountCents: 10 }), payment({ endToEndId: 'B', amountCents: 20 })]),
      ),
    );
    expect(header.CtrlSum).toBe('0.30');
    // Past 2^53 cents in total: 100,000 × €999,999,999.99 would lose cents as a double.
    expect(formatCents(99_999_999_999n * 100_000n + 1n)).toBe('99999999999000.01');
  });

  it('escapes and transliterates names and remittance text to the SEPA Latin set', () => {
    const xml = buildSepaCreditTransfer(
      order([
        payment({
          name: 'Åsa Öberg & Søn <AB> “Zoë” O’Brien 李',
          remittance: 'Łódź straße – Q3 "final" payout',
        }),
      ]),
    );
    expect(xml).toContain('<Nm>Asa Oberg + Son AB Zoe O&apos;Brien</Nm>');
    const { block } = parse(xml);
    expect(block.CdtTrfTxInf[0]!.Cdtr).toEqual({ Nm: "Asa Oberg + Son AB Zoe O'Brien" });
    expect(block.CdtTrfTxInf[0]!.RmtInf).toEqual({ Ustrd: 'Lodz strasse Q3 final payout' });
  });

  it('cuts names to 70 characters and remittance to 140', () => {
    const { block } = parse(
      buildSepaCreditTransfer(
        order([payment({ name: 'N'.repeat(69) + ' tail', remittance: 'R'.repeat(200) })]),
      ),
    );
    const tx = block.CdtTrfTxInf[0] as { Cdtr: { Nm: string }; RmtInf: { Ustrd: string } };
    // 69 N's and a space are 70 characters; the space left at the cut is trimmed.
    expect(tx.Cdtr.Nm).toBe('N'.repeat(69));
    expect(tx.RmtInf.Ustrd).toBe('R'.repeat(140));
  });

  it('leaves out the creditor agent without a BIC, and names the payer bank NOTPROVIDED without one', () => {
    const { block } = parse(
      buildSepaCreditTransfer(
        order([payment({ bic: undefined, remittance: ' ' })], {
          payer: { name: 'Fund', iban: 'NL91ABNA0417164300' },
        }),
      ),
    );
    expect(block.DbtrAgt).toEqual({ FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } });
    expect(Object.keys(block.CdtTrfTxInf[0]!)).toEqual(['PmtId', 'Amt', 'Cdtr', 'CdtrAcct']);
  });

  it('refuses an empty payment list', () => {
    expect(() => buildSepaCreditTransfer(order([]))).toThrow('A SEPA file needs at least one payment');
    expect(() => buildSepaCreditTransfer(order([]))).toThrow(BadRequestError);
  });

  it('refuses what a bank would reject', () => {
    const build =
      (p: Partial<SepaPayment>, o: Partial<SepaTransferOrder> = {}) =>
      () =>
        buildSepaCreditTransfer(order([payment(p)], o));
    expect(build({ amountCents: 0 })).toThrow(/from €0.01 to €999,999,999.99/);
    expect(build({ endToEndId: 'D-1', name: '李小龍' })).toThrow(
      expect.objectContaining({
        message:
          'The account holder of payment D-1 has a name with no letter or digit a SEPA file can carry: 李小龍',
        code: 'distributions.sepa_holder_name',
        params: { id: 'D-1', name: '李小龍' },
      }),
    );
    expect(build({ amountCents: 100_000_000_000 })).toThrow(/from €0.01/);
    expect(build({ amountCents: 12.5 })).toThrow(/from €0.01/);
    expect(build({ iban: 'FI2112345600000786' })).toThrow(/check digits do not match/);
    expect(build({ bic: 'NOPE' })).toThrow(/is not a BIC/);
    expect(build({ name: '李小龍' })).toThrow(
      /account holder of payment D-2025-07-INV-00001 has a name with no letter/,
    );
    expect(build({ endToEndId: '/leading' })).toThrow(/not a SEPA identifier/);
    expect(build({ endToEndId: 'a//b' })).toThrow(/not a SEPA identifier/);
    expect(build({ endToEndId: 'x'.repeat(36) })).toThrow(/not a SEPA identifier/);
    expect(build({ endToEndId: 'with space' })).toThrow(/not a SEPA identifier/);
    expect(build({}, { messageId: '' })).toThrow(
      expect.objectContaining({
        message: 'The message ID "" is not a SEPA identifier (1-35 letters, digits, - . /)',
        code: 'distributions.sepa_message_id',
      }),
    );
    expect(build({}, { executionDate: '2025-02-30' })).toThrow(/execution date must be a calendar date/);
    expect(() =>
      buildSepaCreditTransfer(order([payment({ endToEndId: 'SAME' }), payment({ endToEndId: 'SAME' })])),
    ).toThrow(
      expect.objectContaining({
        message: 'The end-to-end ID SAME is used twice',
        code: 'distributions.sepa_end_to_end_twice',
        params: { id: 'SAME' },
      }),
    );
  });

  it('writes 10,000 transfers, with the counts and sum right', () => {
    const payments = Array.from({ length: 10_000 }, (_, i) =>
      payment({
        endToEndId: `D9-INV-${String(i).padStart(5, '0')}`,
        amountCents: 1 + ((i * 7_919) % 10_000_000),
      }),
    );
    const xml = buildSepaCreditTransfer(order(payments));
    const { header, block } = parse(xml);
    expect(header.NbOfTxs).toBe('10000');
    expect(block.CdtTrfTxInf).toHaveLength(10_000);
    expect(block.CtrlSum).toBe(euros(payments.reduce((s, p) => s + p.amountCents, 0)));
    // No time bound here: one failed on a loaded machine, and timing belongs in `npm run bench`.
  });
});

describe('toSepaText', () => {
  it.each([
    ['Mäkinen', 'Makinen'],
    ['Ærø Łukasz Þór', 'AEro Lukasz THor'],
    ['ﬁnance Ａ²', 'finance A2'],
    ['tab\tnew\nline', 'tab new line'],
    ['  spaced   out  ', 'spaced out'],
    ["a-z A-Z 0-9 / - ? : ( ) . , ' +", "a-z A-Z 0-9 / - ? : ( ) . , ' +"],
    ['emoji 😀 and €', 'emoji and'],
  ])('%j → %j', (input, expected) => {
    expect(toSepaText(input, 140)).toBe(expected);
  });
});
