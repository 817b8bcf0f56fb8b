import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Db } from '../../db/client';
import { call, registerVerifiedUser, signInAsAdmin, strongPassword } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { multipart } from '../../test/multipart';
import { payoutContact } from '../../test/offers';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { users } from '../accounts/accounts.tables';
import { categories, styles } from '../catalogue/catalogue.tables';
import { makeCounterOffer } from '../offers/offers.service';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { openPayout } from './payouts.admin';
import { createSepaBatch, markPayoutPaid, sepaBatchFile, settlePayout } from './payouts.service';
import { payouts } from './payouts.tables';
import { decimalFromCents, pain001, sepaText } from './sepa';

const xsd = readFileSync(path.join(import.meta.dirname, 'fixtures', 'pain.001.001.09.xsd'), 'utf8');
const debtor = { name: 'PromptMarket GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };

async function validate(xml: string) {
  return validateXML({
    xml: [{ fileName: 'payouts.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: xsd }],
  });
}

/** The texts of every element of that name, in order. */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

describe('pain.001.001.09', () => {
  it('writes cents as euros with two decimals and keeps names in the SEPA character set', () => {
    expect([0, 1, 10, 1234, 100_000_00].map(decimalFromCents)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '12.34',
      '100000.00',
    ]);
    expect(sepaText('Zoë Müller & Søn <b>', 70)).toBe('Zoe Muller S n b');
    expect(sepaText('Straße', 70)).toBe('Strasse');
    expect(sepaText('李小龍', 70)).toBe('NOTPROVIDED');
    expect(sepaText('x'.repeat(100), 70)).toHaveLength(70);
  });

  it('is valid against the EPC schema, with and without the debtor BIC', async () => {
    const transfers = [
      {
        endToEndId: 'PAYOUT-1',
        creditorName: 'Zoë Müller',
        creditorIban: 'FR1420041010050500013M02606',
        amountCents: 1,
        remittance: 'Payout for offer 1',
      },
      {
        endToEndId: 'PAYOUT-2',
        creditorName: 'A & B <Ltd>',
        creditorIban: 'DE89370400440532013000',
        amountCents: 99_999_999,
        remittance: 'Payout for offer 2',
      },
    ];
    for (const bic of [debtor.bic, null]) {
      const xml = pain001({
        messageId: 'PM-20261125-ABC',
        createdAt: new Date('2026-11-25T10:00:00.123Z'),
        executionDate: '2026-11-25',
        debtor: { ...debtor, bic },
        transfers,
      });
      const result = await validate(xml);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      expect(all(xml, 'NbOfTxs')).toEqual(['2', '2']);
      expect(all(xml, 'CtrlSum')).toEqual(['1000000.00', '1000000.00']);
    }
  });

  it('is refused by the schema when it is wrong: the check is real', async () => {
    const xml = pain001({
      messageId: 'PM-1',
      createdAt: new Date(),
      executionDate: '2026-11-25',
      debtor,
      transfers: [
        {
          endToEndId: 'PAYOUT-1',
          creditorName: 'Ada',
          creditorIban: 'DE89370400440532013000',
          amountCents: 100,
          remittance: 'x',
        },
      ],
    });
    const broken = xml.replace('<InstdAmt Ccy="EUR">1.00</InstdAmt>', '<InstdAmt Ccy="EUR">1.001</InstdAmt>');
    expect((await validate(broken)).valid).toBe(false);
    expect(() =>
      pain001({
        messageId: 'PM-2',
        createdAt: new Date(),
        executionDate: '2026-11-25',
        debtor,
        transfers: [],
      }),
    ).toThrow();
  });
});

describe('exporting bank payouts without the shop’s account', () => {
  it('answers 409 and exports nothing', async () => {
    const app = await createTestApp();
    try {
      expect(await ensureAdmin(app.db, 'no-sepa@example.test', strongPassword)).toBe('created');
      const admin = await signInAsAdmin(app, 'no-sepa@example.test');
      const answer = await call(app, admin, 'POST', '/api/admin/payout-batches', undefined, {
        'frontend-language': 'es',
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(
        'Los pagos SEPA necesitan la cuenta de la tienda: define SEPA_DEBTOR_NAME y SEPA_DEBTOR_IBAN.',
      );
    } finally {
      await app.close();
    }
  });
});

describe('exporting bank payouts', () => {
  let app: TestApp;
  let categoryId = 0;
  let styleId = 0;
  let png: Buffer;

  beforeAll(async () => {
    app = await createTestApp({
      SEPA_DEBTOR_NAME: debtor.name,
      SEPA_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51',
      SEPA_DEBTOR_BIC: debtor.bic,
    });
    await createCatalogue(app.db, []);
    categoryId = (await app.db.select().from(categories))[0]?.id ?? 0;
    styleId = (await app.db.select().from(styles))[0]?.id ?? 0;
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
  });
  afterAll(() => app?.close());
  afterEach(async () => {
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  async function bankPayout(cents: number, fullName: string, iban: string) {
    const { session, profile } = await registerVerifiedUser(app);
    const body = multipart([
      { name: 'title', value: 'Glass forest' },
      { name: 'category_id', value: String(categoryId) },
      { name: 'style_ids[]', value: String(styleId) },
      { name: 'price', value: '80' },
      { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
      { name: 'confirm', value: '1' },
      { name: 'media', filename: 'forest.png', type: 'image/png', data: png },
    ]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/offer/create',
      headers: { ...session.headers(), ...body.headers },
      payload: body.payload,
    });
    const offerId = created.json().payload.id as number;
    await makeCounterOffer(app.db, offerId, cents);
    const accepted = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: fullName,
      iban,
      id: offerId,
    });
    expect(accepted.statusCode).toBe(200);
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
    return { session, userId: profile.id, payout: payout ?? null };
  }

  it('exports the waiting bank payouts as one valid file with the right sums, and marks them sent', async () => {
    const first = await bankPayout(4550, 'Zoë Müller', 'FR14 2004 1010 0505 0001 3M02 606');
    const second = await bankPayout(1999, 'Ada Lovelace', 'DE89 3704 0044 0532 0130 00');
    const [admin] = await app.db.select().from(users).where(eq(users.id, first.userId));
    const batch = await app.db.transaction((tx) =>
      createSepaBatch(tx as unknown as Db, { adminId: admin?.id ?? '' }),
    );
    expect(batch).toMatchObject({ transfers: 2, totalCents: 6549 });

    const ids = [first.payout?.id ?? 0, second.payout?.id ?? 0];
    const rows = await app.db.select().from(payouts).where(inArray(payouts.id, ids));
    expect(rows.map((row) => [row.status, row.batchId])).toEqual([
      ['sent', batch.id],
      ['sent', batch.id],
    ]);

    const { xml } = await sepaBatchFile(app.db, {
      batchId: batch.id,
      appKey: app.config.appKey ?? '',
      debtor: app.config.sepaDebtor ?? debtor,
    });
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(all(xml, 'MsgId')).toEqual([batch.messageId]);
    expect(all(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(all(xml, 'CtrlSum')).toEqual(['65.49', '65.49']);
    expect(all(xml, 'InstdAmt')).toEqual(['45.50', '19.99']);
    const cents = all(xml, 'InstdAmt').map((amount) => Math.round(Number(amount) * 100));
    expect(cents.reduce((sum, value) => sum + value, 0)).toBe(batch.totalCents);
    expect(all(xml, 'EndToEndId')).toEqual(ids.map((id) => `PAYOUT-${id}`));
    expect(all(xml, 'IBAN')).toEqual([
      'DE02120300000000202051',
      'FR1420041010050500013M02606',
      'DE89370400440532013000',
    ]);
    expect(all(xml, 'Nm')).toEqual(['PromptMarket GmbH', 'PromptMarket GmbH', 'Zoe Muller', 'Ada Lovelace']);
    expect(all(xml, 'BICFI')).toEqual([debtor.bic]);

    // The same file again, byte for byte; nothing more to export.
    expect(
      (await sepaBatchFile(app.db, { batchId: batch.id, appKey: app.config.appKey ?? '', debtor })).xml,
    ).toBe(xml);
    await expect(
      app.db.transaction((tx) => createSepaBatch(tx as unknown as Db, { adminId: admin?.id ?? '' })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    // The bank's answer, payout by payout.
    await markPayoutPaid(app.db, ids[0] ?? 0, { appUrl: app.config.appUrl });
    await settlePayout(
      app.db,
      ids[1] ?? 0,
      { paid: false, reason: 'The account is closed.' },
      { appUrl: app.config.appUrl },
    );
    const settled = await app.db.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(payouts.id);
    expect(settled.map((row) => row.status)).toEqual(['paid', 'failed']);
    // Paid: the holder, IBAN and contact details are gone; the file cannot be built again.
    expect(settled.map((row) => row.detailsSealed === null)).toEqual([true, false]);
    expect(settled[0]?.destinationMasked).toBe('IBAN FR14 •••• 2606');
    const opened = await openPayout(app.db, { payoutId: ids[0] ?? 0, appKey: app.config.appKey ?? '' });
    expect(opened).toMatchObject({
      status: 'paid',
      bank: null,
      contact: null,
      destination: 'IBAN FR14 •••• 2606',
    });
    await expect(
      sepaBatchFile(app.db, { batchId: batch.id, appKey: app.config.appKey ?? '', debtor }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets an admin export the file and download it, both in the audit log', async () => {
    const seller = await bankPayout(2500, 'Grace Hopper', 'NL91 ABNA 0417 1643 00');
    expect(await ensureAdmin(app.db, 'sepa-boss@example.test', strongPassword)).toBe('created');
    const admin = await signInAsAdmin(app, 'sepa-boss@example.test');
    const user = await registerVerifiedUser(app);
    expect((await call(app, user.session, 'POST', '/api/admin/payout-batches')).statusCode).toBe(403);

    const exported = await call(app, admin, 'POST', '/api/admin/payout-batches');
    expect(exported.statusCode).toBe(200);
    const batch = exported.json().payload;
    expect(batch).toMatchObject({ transfers: 1, total: 25, currency: 'EUR' });
    const nothing = await call(app, admin, 'POST', '/api/admin/payout-batches', undefined, {
      'frontend-language': 'de',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Keine Banküberweisung wartet auf den Versand.');

    const file = await call(app, admin, 'GET', batch.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`${batch.message_id}.xml`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await validate(file.body)).valid).toBe(true);
    expect(all(file.body, 'EndToEndId')).toEqual([`PAYOUT-${seller.payout?.id}`]);
    expect((await call(app, user.session, 'GET', batch.file_url)).statusCode).toBe(403);

    for (const action of ['payout.export', 'payout.export.download']) {
      const audit = (
        await call(app, admin, 'GET', `/api/admin/audit?action=${action}&subject_id=${batch.id}`)
      ).json();
      expect(audit.payload.data).toHaveLength(1);
    }
    const [offer] = (await call(app, seller.session, 'GET', '/api/offer/history')).json().payload;
    expect(offer.payout.status).toBe('sent');
  });
});
