import { xmlBuilder } from '../../lib/xml';

/**
 * Bank statement files for tests, built the way banks write them: `camt.053.001.02` (the version most
 * European banks still send) or `camt.053.001.08` (statuses and parties one level deeper), and
 * `camt.054.001.02` notifications. Each entry holds one transaction unless it is given `batch`.
 */
interface FixtureTransaction {
  amount: string;
  /** Structured creditor reference (RmtInf/Strd/CdtrRefInf/Ref). */
  reference?: string;
  /** Free-text remittance lines. */
  text?: string[];
  endToEndId?: string;
  name?: string;
  iban?: string;
  returnReason?: string;
  /** The transaction's own bank reference (in a batch). */
  bankRef?: string;
}

interface FixtureEntry extends FixtureTransaction {
  direction?: 'CRDT' | 'DBIT';
  bookedOn?: string;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  /** The entry's bank reference; `null` leaves it out. */
  accountServicerRef?: string | null;
  currency?: string;
  reversal?: boolean;
  /** Several transactions booked as one entry (the entry's amount is their sum). */
  batch?: FixtureTransaction[];
}

export interface FixtureFile {
  kind?: 'camt.053' | 'camt.054';
  version?: '02' | '08';
  account?: string;
  entries: FixtureEntry[];
}

const sum = (amounts: string[]) =>
  (amounts.reduce((s, a) => s + Math.round(Number(a) * 100), 0) / 100).toFixed(2);

function transaction(tx: FixtureTransaction, direction: 'CRDT' | 'DBIT', v08: boolean, currency: string) {
  const role = direction === 'CRDT' ? 'Dbtr' : 'Cdtr';
  const who = tx.name ? (v08 ? { Pty: { Nm: tx.name } } : { Nm: tx.name }) : undefined;
  return {
    Refs: {
      ...(tx.bankRef ? { AcctSvcrRef: tx.bankRef } : {}),
      EndToEndId: tx.endToEndId ?? 'NOTPROVIDED',
    },
    AmtDtls: { TxAmt: { Amt: { '@Ccy': currency, '#': tx.amount } } },
    ...(who || tx.iban
      ? {
          RltdPties: {
            ...(who ? { [role]: who } : {}),
            ...(tx.iban ? { [`${role}Acct`]: { Id: { IBAN: tx.iban } } } : {}),
          },
        }
      : {}),
    ...(tx.reference || tx.text
      ? {
          RmtInf: {
            ...(tx.text ? { Ustrd: tx.text } : {}),
            ...(tx.reference
              ? {
                  Strd: {
                    CdtrRefInf: { Tp: { CdOrPrtry: { Cd: 'SCOR' }, Issr: 'ISO' }, Ref: tx.reference },
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(tx.returnReason ? { RtrInf: { Rsn: { Cd: tx.returnReason } } } : {}),
  };
}

/** The XML of a statement (or notification) holding `entries`. */
export function camtFile({ kind = 'camt.053', version = '02', account, entries }: FixtureFile): string {
  const v08 = version === '08';
  const iban = account ?? 'NO9386011117947';
  const ntry = entries.map((e, i) => {
    const direction = e.direction ?? 'CRDT';
    const currency = e.currency ?? 'EUR';
    const txs = e.batch ?? [e];
    const amount = e.batch ? sum(e.batch.map((t) => t.amount)) : e.amount;
    const ref = e.accountServicerRef === undefined ? `BANKREF-${i + 1}` : e.accountServicerRef;
    return {
      Amt: { '@Ccy': currency, '#': amount },
      CdtDbtInd: direction,
      ...(e.reversal ? { RvslInd: 'true' } : {}),
      Sts: v08 ? { Cd: e.status ?? 'BOOK' } : (e.status ?? 'BOOK'),
      BookgDt: { Dt: e.bookedOn ?? '2026-11-20' },
      ValDt: { Dt: e.bookedOn ?? '2026-11-20' },
      ...(ref ? { AcctSvcrRef: ref } : {}),
      BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'RCDT', SubFmlyCd: 'ESCT' } } },
      NtryDtls: { TxDtls: txs.map((t) => transaction(t, direction, v08, currency)) },
    };
  });
  const report = {
    Id: 'STMT-2026-11-20',
    CreDtTm: '2026-11-20T18:00:00',
    Acct: { Id: { IBAN: iban }, Ccy: 'EUR' },
    ...(kind === 'camt.053'
      ? {
          Bal: {
            Tp: { CdOrPrtry: { Cd: 'CLBD' } },
            Amt: { '@Ccy': 'EUR', '#': '0.00' },
            CdtDbtInd: 'CRDT',
            Dt: { Dt: '2026-11-20' },
          },
        }
      : {}),
    Ntry: ntry,
  };
  const message = kind === 'camt.053' ? 'camt.053' : 'camt.054';
  const body =
    kind === 'camt.053'
      ? { BkToCstmrStmt: { GrpHdr: { MsgId: 'MSG-1', CreDtTm: '2026-11-20T18:00:00' }, Stmt: report } }
      : {
          BkToCstmrDbtCdtNtfctn: {
            GrpHdr: { MsgId: 'MSG-1', CreDtTm: '2026-11-20T18:00:00' },
            Ntfctn: report,
          },
        };
  return xmlBuilder.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    Document: { '@xmlns': `urn:iso:std:iso:20022:tech:xsd:${message}.001.${version}`, ...body },
  }) as string;
}
