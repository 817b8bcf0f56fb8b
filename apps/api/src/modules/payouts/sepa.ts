/**
 * SEPA credit transfers as an ISO 20022 `pain.001.001.09` file, the customer-to-bank format of the
 * European Payments Council's SEPA Credit Transfer rulebook (EPC132-08, 2023): one payment
 * information block from the shop's account, one `CdtTrfTxInf` per payout. Amounts are integer
 * euro cents here and leave as decimals with two places; `NbOfTxs` and `CtrlSum` are computed
 * from the same list, in the group header and the block alike.
 */

export type SepaDebtor = { name: string; iban: string; bic: string | null };

export type SepaTransfer = {
  /** `PAYOUT-<id>`: comes back on the bank statement, so a payout is found from it. */
  endToEndId: string;
  creditorName: string;
  creditorIban: string;
  amountCents: number;
  remittance: string;
};

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** Cents as the file writes an amount: 1234 → "12.34". */
export function decimalFromCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Text in the SEPA character set (Latin letters, digits, `/ - ? : ( ) . , ' +` and space), which
 * every bank accepts: accents are dropped ("Müller" → "Muller"), anything else becomes a space.
 */
export function sepaText(value: string, max: number): string {
  const latin = value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (latin || 'NOTPROVIDED').slice(0, max).trim();
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The file for one batch. Throws when there is no transfer: a bank refuses an empty file. */
export function pain001(input: {
  messageId: string;
  createdAt: Date;
  executionDate: string;
  debtor: SepaDebtor;
  transfers: SepaTransfer[];
}): string {
  const { debtor, transfers } = input;
  if (transfers.length === 0) throw new Error('a SEPA file needs at least one transfer');
  const total = decimalFromCents(transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0));
  const count = String(transfers.length);
  const debtorName = escapeXml(sepaText(debtor.name, 70));
  const text = (value: string) => escapeXml(value);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${PAIN_001_NAMESPACE}">`,
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${text(input.messageId)}</MsgId>`,
    `      <CreDtTm>${input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z')}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    `      <InitgPty><Nm>${debtorName}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${text(input.messageId)}</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    '      <BtchBookg>false</BtchBookg>',
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    '      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
    `      <ReqdExctnDt><Dt>${input.executionDate}</Dt></ReqdExctnDt>`,
    `      <Dbtr><Nm>${debtorName}</Nm></Dbtr>`,
    `      <DbtrAcct><Id><IBAN>${text(debtor.iban)}</IBAN></Id></DbtrAcct>`,
    debtor.bic
      ? `      <DbtrAgt><FinInstnId><BICFI>${text(debtor.bic)}</BICFI></FinInstnId></DbtrAgt>`
      : '      <DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>',
    '      <ChrgBr>SLEV</ChrgBr>',
    ...transfers.flatMap((transfer) => [
      '      <CdtTrfTxInf>',
      `        <PmtId><EndToEndId>${text(sepaText(transfer.endToEndId, 35))}</EndToEndId></PmtId>`,
      `        <Amt><InstdAmt Ccy="EUR">${decimalFromCents(transfer.amountCents)}</InstdAmt></Amt>`,
      `        <Cdtr><Nm>${text(sepaText(transfer.creditorName, 70))}</Nm></Cdtr>`,
      `        <CdtrAcct><Id><IBAN>${text(transfer.creditorIban)}</IBAN></Id></CdtrAcct>`,
      `        <RmtInf><Ustrd>${text(sepaText(transfer.remittance, 140))}</Ustrd></RmtInf>`,
      '      </CdtTrfTxInf>',
    ]),
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ];
  return lines.join('\n');
}
