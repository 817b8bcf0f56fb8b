import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../lib/storage';
import {
  type BrowserSession,
  call,
  newAdmin,
  randomAddress,
  registerVerifiedUser,
  strongPassword,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { originalContactForm } from '../../test/contact';
import { cardDepositForm, payOnSandbox } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import { type Part, postMultipart } from '../../test/multipart';
import { cardPayoutDetails, type OfferShelf, offerShelf, payoutContact, solidPng } from '../../test/offers';
import { emptyPdf, submitVerification, verificationFields } from '../../test/verification';
import { runDueJobs } from '../jobs/jobs.service';
import { mailOutbox } from '../mail/mail.tables';
import { makeCounterOffer } from '../offers/offers.service';
import { offers } from '../offers/offers.tables';
import { settlePayout } from '../payouts/payouts.service';
import { payouts } from '../payouts/payouts.tables';
import { verifications } from '../verification/verification.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { deleteAccount, findActiveUser } from './accounts.service';

let app: TestApp;
let shelf: OfferShelf;
let productId: number;
/** Every file the app stored, as `bucket` and `key`: the memory storage cannot list its own. */
const stored = new Map<string, { bucket: 'public' | 'private'; key: string }>();

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-for-the-tests-0123456789' });
  // The sandbox delivers its webhooks over HTTP to this server, as a real provider would.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const put = app.storage.put.bind(app.storage);
  app.storage.put = (bucket, key, data, options) => {
    stored.set(`${bucket}:${key}`, { bucket, key });
    return put(bucket, key, data, options);
  };
  const catalogue = await createCatalogue(app.db, [
    { slug: 'harbour', category: 'landscapes', priceCents: 500, title: 'Harbour' },
  ]);
  productId = catalogue.products.harbour ?? 0;
  shelf = await offerShelf(app.db);
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** The person whose account is deleted: every value is theirs alone in this database. */
const person = {
  firstName: 'Zenobia',
  lastName: 'Quillfeather',
  email: uniqueEmail('zenobia.quillfeather'),
  phone: '+44 20 7946 0123',
  street: '7 Larkspur Mews',
  dateOfBirth: '1987-03-14',
  iban: 'DE89370400440532013000',
  card: '4242424242424242',
  /** Written into the back of their identity document, a PDF. */
  documentMark: `identity-document-${randomUUID()}`,
};

/** What must be found nowhere once the account is deleted. */
const needles = [
  person.firstName,
  person.lastName,
  person.email,
  '7946 0123',
  person.street,
  person.dateOfBirth,
  person.iban,
  'DE89 3704',
  person.card,
  '4242 4242 4242 4242',
  person.documentMark,
];

type Hit = { table: string; column: string; needles: string[] };

/** True where the lower-cased text `value` holds a needle. */
const holdsANeedle = (value: SQL) =>
  sql.join(
    needles.map((needle) => sql`strpos(${value}, ${needle.toLowerCase()}) > 0`),
    sql` or `,
  );

/** Every text and JSON column of every table of the database holding any of the needles, row by row. */
async function searchDatabase(): Promise<Hit[]> {
  const columns = (await app.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')
        order by table_name, column_name`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const hits: Hit[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const value = sql`lower(${sql.identifier(column)}::text)`;
    const found = (await app.db.execute(
      sql`select ${value} as value from ${sql.identifier(table)} where ${holdsANeedle(value)}`,
    )) as unknown as { rows: { value: string }[] };
    for (const row of found.rows) {
      hits.push({
        table,
        column,
        needles: needles.filter((needle) => row.value.includes(needle.toLowerCase())),
      });
    }
  }
  return hits;
}

/** Every file still stored that holds a needle or a document's bytes. */
async function searchStorage(documents: Buffer[]): Promise<string[]> {
  const found: string[] = [];
  for (const [name, { bucket, key }] of stored) {
    const bytes = await app.storage.get(bucket, key);
    if (!bytes) continue;
    const text = bytes.toString('latin1').toLowerCase();
    if (
      documents.some((document) => bytes.includes(document)) ||
      needles.some((needle) => text.includes(needle.toLowerCase()))
    ) {
      found.push(name);
    }
  }
  return found;
}

async function deliverWebhooks() {
  return runDueJobs(app.db, app.paymentJobs, recordingLog());
}

/** The person offers a work; its file is named after them and their note signs it. */
async function offerWork(session: BrowserSession, colour: string, description?: string) {
  const parts: Part[] = [
    { name: 'title', value: 'Glass forest' },
    { name: 'category_id', value: String(shelf.categoryId) },
    { name: 'style_ids[]', value: String(shelf.styleId) },
    { name: 'price', value: '80' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'add_text', value: `Painted by ${person.firstName} ${person.lastName}` },
    ...(description ? [{ name: 'description', value: description }] : []),
    {
      name: 'media',
      filename: `${person.firstName}-${person.lastName}.png`.toLowerCase(),
      type: 'image/png',
      data: await solidPng(32, 32, colour),
    },
  ];
  const created = await postMultipart(app, session, '/api/offer/create', parts);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().payload.id as number;
}

const contact = {
  ...payoutContact,
  name: person.firstName,
  surname: person.lastName,
  email: person.email,
  phone: person.phone,
  address: person.street,
};

async function paidPayoutOf(offerId: number) {
  const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
  if (!payout) throw new Error(`no payout for offer ${offerId}`);
  await settlePayout(app.db, payout.id, { paid: true }, { appUrl: 'http://shop.test' });
}

describe('deleting the account of someone who used every feature', () => {
  it('leaves their name, address, phone, IBAN, card and documents nowhere in the database or the storage', async () => {
    const admin = await newAdmin(app, uniqueEmail('erasure-admin'));
    const { session } = await registerVerifiedUser(app, {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone: person.phone,
    });

    // A deposit with the payer's details, paid at the sandbox.
    const checkout = await call(app, session, 'POST', '/api/deposit/checkout', {
      ...cardDepositForm,
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone: person.phone,
      address: person.street,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payOnSandbox(app, checkout.json().redirect_url);
    expect(await deliverWebhooks()).toBe(1);

    // A purchase, and an image drawn from a prompt that names them.
    const bought = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productId });
    expect(bought.statusCode, bought.body).toBe(200);
    const drawn = await call(app, session, 'POST', '/api/purchase/generate-image', {
      title: `${person.firstName} at the sea`,
      prompt: `a portrait of ${person.firstName} ${person.lastName} by the sea`,
      format: 'webp',
      size: '512x512',
    });
    expect(drawn.statusCode, drawn.body).toBe(200);

    // Their identity: three documents, the back of the card a PDF.
    const documents = {
      document_front: await solidPng(40, 30, '#a83'),
      document_back: Buffer.concat([emptyPdf, Buffer.from(`% ${person.documentMark}\n`)]),
      address_document: await solidPng(30, 40, '#3a8'),
    };
    const verification = await postMultipart(app, session, '/api/verification', [
      ...Object.entries({
        ...verificationFields,
        full_name: `${person.firstName} ${person.lastName}`,
        phone: person.phone,
        date_of_birth: person.dateOfBirth,
      }).map(([name, value]) => ({ name, value })),
      ...Object.entries(documents).map(([name, data]) => ({
        name,
        filename: `${person.lastName}-${name}.bin`.toLowerCase(),
        type: 'application/octet-stream',
        data,
      })),
    ]);
    expect(verification.statusCode, verification.body).toBe(200);
    const verificationId = verification.json().payload.id as number;

    // Two works sold to the shop, paid to a card and to a bank account; one still waiting.
    const byCard = await offerWork(session, '#123');
    await makeCounterOffer(app.db, byCard, 6000);
    const card = await call(app, session, 'POST', '/api/offer/withdraw/card', {
      ...cardPayoutDetails,
      ...contact,
      card_number: '4242 4242 4242 4242',
      card_holder_name: `${person.firstName} ${person.lastName}`,
      id: byCard,
      amount: '60',
    });
    expect(card.statusCode, card.body).toBe(200);
    await paidPayoutOf(byCard);
    const byBank = await offerWork(session, '#321');
    await makeCounterOffer(app.db, byBank, 7000);
    const bank = await call(app, session, 'POST', '/api/offer/approve', {
      ...contact,
      full_name: `${person.firstName} ${person.lastName}`,
      iban: person.iban,
      id: { id: byBank },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    await paidPayoutOf(byBank);
    const waiting = await offerWork(session, '#777', `A self-portrait of ${person.firstName}`);

    // The newsletter, a message to the shop, a mistyped password and a reset link.
    const visitor = await startBrowserSession(app);
    const subscribed = await call(app, visitor, 'POST', '/api/newsletter/subscribe', { email: person.email });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const wrote = await call(
      app,
      visitor,
      'POST',
      '/api/contact',
      {
        ...originalContactForm,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone: person.phone,
        address: person.street,
      },
      {},
      randomAddress(),
    );
    expect(wrote.statusCode, wrote.body).toBe(200);
    const mistyped = await call(app, visitor, 'POST', '/api/login', {
      email: person.email,
      password: 'not the password at all',
    });
    expect(mistyped.statusCode).toBe(422);
    const reset = await call(app, visitor, 'POST', '/api/user/reset-password', { email: person.email });
    expect(reset.statusCode, reset.body).toBe(200);

    // Before: the back office reviews them, and the search finds them all over.
    const queue = async () =>
      (await call(app, admin, 'GET', '/api/admin/verifications?status=pending&per_page=100')).json().payload
        .data as { id: number }[];
    expect((await queue()).map((entry) => entry.id)).toContain(verificationId);
    const back = await call(
      app,
      admin,
      'GET',
      `/api/admin/verifications/${verificationId}/documents/document_back`,
    );
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(documents.document_back)).toBe(true);
    const before = new Set((await searchDatabase()).map((hit) => hit.table));
    for (const table of [
      'users',
      'verifications',
      'deposits',
      'offers',
      'generations',
      'mail_outbox',
      'newsletter_subscriptions',
      'contact_messages',
      'throttles',
    ]) {
      expect(before, table).toContain(table);
    }
    expect(await searchStorage(Object.values(documents))).not.toEqual([]);
    const [kept] = await app.db.select().from(offers).where(eq(offers.id, byCard));
    const [gone] = await app.db.select().from(offers).where(eq(offers.id, waiting));
    const [document] = await app.db.select().from(verifications).where(eq(verifications.id, verificationId));
    const documentKeys = Object.values(
      JSON.parse(document?.documents ?? '{}') as Record<string, { key: string }>,
    );

    const deleted = await call(app, session, 'DELETE', '/api/user/delete', {
      password: strongPassword,
      confirm_forfeit_balance: true,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // After: the goodbye, waiting to be sent, is the one mail that names them, and nothing else does.
    const mail = sql`lower(${mailOutbox.recipient} || ' ' || ${mailOutbox.subject} || ' ' || ${mailOutbox.text} || ' ' || ${mailOutbox.html})`;
    const mails = await app.db
      .select({ recipient: mailOutbox.recipient, subject: mailOutbox.subject, status: mailOutbox.status })
      .from(mailOutbox)
      .where(holdsANeedle(mail));
    expect(mails).toEqual([
      { recipient: person.email, subject: 'Your PromptMarket account was deleted', status: 'pending' },
    ]);
    expect((await searchDatabase()).filter((hit) => hit.table !== 'mail_outbox')).toEqual([]);
    expect(await searchStorage(Object.values(documents))).toEqual([]);

    // The documents and the file of the work not bought are gone; the works the shop bought stay.
    for (const { key } of documentKeys) expect(await app.storage.exists('private', key)).toBe(false);
    expect(await app.storage.exists('private', gone?.mediaKey ?? '')).toBe(false);
    expect(await app.storage.exists('private', kept?.mediaKey ?? '')).toBe(true);
    const [sold] = await app.db.select().from(offers).where(eq(offers.id, byCard));
    expect(sold).toMatchObject({ title: 'Glass forest', status: 'approved', addText: null });
    expect(sold?.mediaFilename).toBe(`offer-${byCard}.png`);

    // The back office no longer shows the verification, its documents, or approves it.
    expect((await queue()).map((entry) => entry.id)).not.toContain(verificationId);
    const document404 = await call(
      app,
      admin,
      'GET',
      `/api/admin/verifications/${verificationId}/documents/document_back`,
    );
    expect(document404.statusCode).toBe(404);
    const approve = await call(app, admin, 'POST', `/api/admin/verifications/${verificationId}/approve`);
    expect(approve.statusCode).toBe(404);
  });

  it('stands when a file cannot be deleted, and logs its key for a person to delete it', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    await submitVerification(app, session, await solidPng(24, 24, '#5a5'));
    const [submitted] = await app.db.select().from(verifications).where(eq(verifications.userId, profile.id));
    const [stuck, ...others] = Object.values(
      JSON.parse(submitted?.documents ?? '{}') as Record<string, { key: string }>,
    ).map((document) => document.key);
    const user = await findActiveUser(app.db, profile.id);
    if (!user || !stuck) throw new Error('no account or documents');
    const storage: Storage = {
      ...app.storage,
      delete: async (bucket, key) => {
        if (key === stuck) throw new Error('storage out of reach');
        return app.storage.delete(bucket, key);
      },
    };
    const errors: { details: object; message: string }[] = [];
    await deleteAccount(
      { db: app.db, appKey: app.config.appKey ?? '', appUrl: 'http://shop.test', locale: 'en' },
      user,
      { password: strongPassword },
      { storage, log: { error: (details, message) => errors.push({ details, message }) } },
    );
    expect(await findActiveUser(app.db, profile.id)).toBeNull();
    expect(errors).toEqual([
      {
        details: expect.objectContaining({ bucket: 'private', key: stuck }),
        message: 'a deleted account left a file that could not be deleted',
      },
    ]);
    expect(await app.storage.exists('private', stuck)).toBe(true);
    for (const key of others) expect(await app.storage.exists('private', key)).toBe(false);
  });
});
