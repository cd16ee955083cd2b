/**
 * A bank statement file (`camt.053.001.02`) holding booked euro credits, each paying a structured
 * creditor reference, as a bank sends it. The server's tests build theirs with the server's own XML
 * writer (apps/server/src/modules/bank-statements/camt-fixture.ts), which the end-to-end tests may not
 * import; this is the one shape the e2e tests need, written out.
 */
export interface StatementCredit {
  /** Euros with two decimals, e.g. '25000.00'. */
  amount: string;
  /** The creditor reference the payer gave (RF…). */
  reference: string;
  /** The payer's name. */
  name: string;
  bookedOn: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The XML of a statement of `account` whose entries are `credits`; `id` names the statement. */
export function camt053(id: string, credits: StatementCredit[], account = 'NO9386011117947'): string {
  const day = credits[0]?.bookedOn ?? new Date().toISOString().slice(0, 10);
  const entries = credits.map(
    (c, i) => `
      <Ntry>
        <Amt Ccy="EUR">${escape(c.amount)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${escape(c.bookedOn)}</Dt></BookgDt>
        <ValDt><Dt>${escape(c.bookedOn)}</Dt></ValDt>
        <AcctSvcrRef>${escape(`${id}-${i + 1}`)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">${escape(c.amount)}</Amt></TxAmt></AmtDtls>
            <RltdPties><Dbtr><Nm>${escape(c.name)}</Nm></Dbtr></RltdPties>
            <RmtInf>
              <Strd>
                <CdtrRefInf>
                  <Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp>
                  <Ref>${escape(c.reference)}</Ref>
                </CdtrRefInf>
              </Strd>
            </RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${escape(id)}</MsgId><CreDtTm>${day}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${escape(id)}</Id>
      <CreDtTm>${day}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${escape(account)}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">0.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>${day}</Dt></Dt>
      </Bal>${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
