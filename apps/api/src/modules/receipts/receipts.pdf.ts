import { createRequire } from 'node:module';
import type { Receipt } from '@promptmarket/contracts/receipts';
import PDFDocument from 'pdfkit';
import { formatReceiptCredits, formatReceiptDate, formatReceiptMoney } from './receipts.format';
import { receiptTextsFor } from './receipts.texts';

/**
 * A receipt as an A4 PDF. The text is set in DejaVu Sans, embedded (only the glyphs used), so
 * every language of the shop prints: Polish ą ę ł ś ż, the euro sign, and names typed in any
 * Latin, Greek or Cyrillic script. One font face throughout keeps the file small.
 */

const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

export function receiptPdf(receipt: Receipt, options: { compress?: boolean } = {}): Promise<Buffer> {
  const texts = receiptTextsFor(receipt.language);
  // A purchase is paid in the internal currency, whose name takes the form the number needs.
  const money = (minor: number) =>
    receipt.kind === 'purchase'
      ? formatReceiptCredits(minor, receipt.language, receipt.currency)
      : formatReceiptMoney(minor, receipt.language, {
          name: receipt.currency,
          symbol: receipt.currency_symbol,
        });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    lang: receipt.language,
    info: { Title: `${texts.title[receipt.kind]} ${receipt.number}`, Author: receipt.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.font('body');

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(INK).fontSize(20).text(texts.title[receipt.kind]);
  doc.moveDown(0.3);
  doc.fontSize(10).fillColor(MUTED);
  doc.text(`${texts.number} ${receipt.number}`);
  doc.text(`${texts.date}: ${formatReceiptDate(receipt.issued_at, receipt.language)}`);
  doc.moveDown(1.2);

  // Seller and customer side by side.
  const top = doc.y;
  const column = (width - 24) / 2;
  const party = (x: number, heading: string, lines: string[]) => {
    doc.fillColor(MUTED).fontSize(9).text(heading.toUpperCase(), x, top, { width: column });
    doc.fillColor(INK).fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: column });
    return doc.y;
  };
  const { seller, buyer } = receipt;
  const sellerEnd = party(left, texts.seller, [
    seller.name,
    ...seller.address,
    ...(seller.vat_id ? [`${texts.vatId}: ${seller.vat_id}`] : []),
    `${texts.email}: ${seller.email}`,
    ...(seller.phone ? [`${texts.phone}: ${seller.phone}`] : []),
  ]);
  const buyerEnd = party(left + column + 24, texts.buyer, [buyer.name, ...buyer.address, buyer.email]);
  doc.x = left;
  doc.y = Math.max(sellerEnd, buyerEnd) + 24;

  // The lines.
  const qtyWidth = 50;
  const amountWidth = 120;
  const descriptionWidth = width - qtyWidth - amountWidth;
  const row = (cells: [string, string, string], color = INK) => {
    const y = doc.y;
    doc.fillColor(color);
    doc.text(cells[0], left, y, { width: descriptionWidth - 8 });
    const end = doc.y;
    doc.text(cells[1], left + descriptionWidth, y, { width: qtyWidth, align: 'right' });
    doc.text(cells[2], left + descriptionWidth + qtyWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor(RULE)
      .lineWidth(0.7)
      .stroke();
    doc.y += 6;
  };
  doc.fontSize(9);
  row([texts.description, texts.quantity, texts.amount], MUTED);
  rule();
  doc.fontSize(10);
  for (const line of receipt.lines) {
    row([line.description, String(line.quantity), money(line.amount_minor)]);
  }
  rule();
  if (receipt.vat) {
    row([texts.net, '', money(receipt.vat.net_minor)], MUTED);
    row([texts.vat.replace('{rate}', receipt.vat.rate), '', money(receipt.vat.amount_minor)], MUTED);
  }
  doc.fontSize(12);
  row([texts.total, '', money(receipt.total_minor)]);
  if (receipt.credit_notes.length > 0) {
    // The refunds (decision 0048): each credit note with its number, then what is left paid.
    doc.moveDown(0.5);
    doc.fontSize(9);
    row([texts.creditNotes, '', ''], MUTED);
    rule();
    doc.fontSize(10);
    for (const note of receipt.credit_notes) {
      row([
        `${note.number} · ${note.issued_at.slice(0, 10)} · ${note.description}`,
        '',
        `− ${money(note.amount_minor)}`,
      ]);
    }
    rule();
    doc.fontSize(12);
    row([texts.totalAfterRefunds, '', money(receipt.total_after_refunds_minor)]);
  }
  doc.moveDown(1);
  doc.fontSize(9).fillColor(MUTED);
  doc.text(
    receipt.paid_with === 'balance'
      ? texts.paidWithBalance
      : texts.paidWith.replace('{provider}', receipt.paid_with),
    left,
    doc.y,
    { width },
  );
  if (!receipt.vat) doc.text(texts.noVat, left, doc.y, { width });
  doc.end();
  return done;
}
