import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { migrationsDir } from '../../db/paths';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type Part, postMultipart } from '../../test/multipart';
import { verificationFields } from '../../test/verification';
import { approveVerification, declineVerification, verificationStatusOf } from './verification.service';
import { verifications } from './verification.tables';

const MB = 1024 * 1024;
let app: TestApp;
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  app = await createTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
});
afterAll(() => app?.close());

const fields = (overrides: Record<string, string | null> = {}): Part[] =>
  Object.entries({ ...verificationFields, ...overrides }).flatMap(([name, value]): Part[] =>
    value === null ? [] : [{ name, value }],
  );

const documents = (overrides: Partial<Record<string, Buffer | null>> = {}): Part[] =>
  Object.entries({ document_front: png, document_back: png, address_document: pdf, ...overrides }).flatMap(
    ([name, data]): Part[] =>
      data ? [{ name, filename: `${name}.bin`, type: 'application/octet-stream', data }] : [],
  );

async function submit(session: BrowserSession, parts: Part[], headers: Record<string, string> = {}) {
  return postMultipart(app, session, '/api/verification', parts, headers);
}

async function user() {
  const { session, profile } = await registerVerifiedUser(app);
  return { session, userId: profile.id };
}

const profileOf = async (session: BrowserSession) =>
  (await call(app, session, 'GET', '/api/user/profile')).json().payload.verification_data;

describe('POST /verification', () => {
  it('records a pending verification that the profile and GET /verification show', async () => {
    const { session } = await user();
    expect((await call(app, session, 'GET', '/api/verification')).json().payload).toBeNull();
    expect(await profileOf(session)).toEqual({ status: null, reason: null });
    const response = await submit(session, [...fields(), ...documents()]);
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({
      status: 'pending',
      reason: null,
      full_name: 'Ada Lovelace',
      country: 'GB',
      date_of_birth: '1990-12-10',
      document_type: 'passport',
      documents: {
        document_front: 'document_front.bin',
        document_back: 'document_back.bin',
        address_document: 'address_document.bin',
      },
    });
    expect(await profileOf(session)).toEqual({ status: 'pending', reason: null });
    expect((await call(app, session, 'GET', '/api/verification')).json().payload.status).toBe('pending');
  });

  it('keeps the street of the proof of address when it is sent, and takes the original shape without it', async () => {
    const { session } = await user();
    const withStreet = await submit(session, [
      ...fields(),
      { name: 'street', value: ' 12 St James Square ' },
      ...documents(),
    ]);
    expect(withStreet.json().payload).toMatchObject({ street: '12 St James Square', zip: 'SW1Y 4JH' });
    const original = await submit((await user()).session, [...fields(), ...documents()]);
    expect(original.statusCode).toBe(200);
    expect(original.json().payload.street).toBeNull();
    const tooLong = await submit((await user()).session, [
      ...fields(),
      { name: 'street', value: 'x'.repeat(201) },
      ...documents(),
    ]);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('street');
  });

  it('requires phone, city, country, the confirmation and every document', async () => {
    const { session } = await user();
    const response = await submit(session, [
      ...fields({ phone: null, city: '', country: 'Britain', confirm: null }),
      ...documents(),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      phone: ['Phone number is required'],
      city: ['City is required'],
      country: ['Country is required'],
      confirm: ['Please confirm that the information you entered is correct.'],
    });
    const missing = await submit(session, [...fields(), ...documents({ document_back: null })]);
    expect(missing.json().errors).toEqual({ document_back: ['Please choose a file.'] });
    const birthday = await submit(session, [...fields({ date_of_birth: '1990-02-31' }), ...documents()]);
    expect(birthday.json().errors).toEqual({ date_of_birth: ['Please enter a valid date of birth.'] });
  });

  it('takes only images and PDF by content: a PHP file named .png is refused, in the spec words', async () => {
    const { session } = await user();
    const php = Buffer.from('<?php echo shell_exec($_GET["c"]); ?>');
    const response = await submit(session, [...fields(), ...documents({ document_front: php })]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      document_front: ['Invalid file type, only images and PDF are allowed'],
    });
    const german = await submit(session, [...fields(), ...documents({ address_document: php })], {
      'frontend-language': 'de',
    });
    expect(german.json().errors).toEqual({
      address_document: ['Ungültiger Dateityp, nur Bilder und PDF sind erlaubt'],
    });
  });

  it('refuses a 5.1 MB document with the spec text and keeps nothing', async () => {
    const { session } = await user();
    const big = Buffer.concat([pdf, Buffer.alloc(Math.round(5.1 * MB) - pdf.length, 32)]);
    const response = await submit(session, [...fields(), ...documents({ document_back: big })]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      document_back: ['File size exceeds the maximum allowed (5MB)'],
    });
    expect((await call(app, session, 'GET', '/api/verification')).json().payload).toBeNull();
  });

  it('answers a body too large for any documents with 413 and the spec text, in the request’s language', async () => {
    const { session } = await user();
    // Refused on its declared length, before a byte of it is read.
    const declared = { 'content-length': String(40 * MB) };
    const response = await submit(session, [...fields(), ...documents()], declared);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'File size exceeds the maximum allowed (5MB)',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const german = await submit(session, [...fields(), ...documents()], {
      ...declared,
      'frontend-language': 'de',
    });
    expect(german.json().message).toBe('Die Datei überschreitet die erlaubte Größe (5MB)');
    expect((await call(app, session, 'GET', '/api/verification')).json().payload).toBeNull();
  });

  it('refuses a second submission while one is pending or approved, and takes one after a decline', async () => {
    const { session } = await user();
    const first = (await submit(session, [...fields(), ...documents()])).json().payload;
    const again = await submit(session, [...fields(), ...documents()]);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Your documents are already being reviewed.');

    await declineVerification(app.db, first.id, 'The back of the card is unreadable.');
    expect(await profileOf(session)).toEqual({
      status: 'declined',
      reason: 'The back of the card is unreadable.',
    });
    const second = await submit(session, [...fields(), ...documents()]);
    expect(second.statusCode).toBe(200);
    expect(await profileOf(session)).toEqual({ status: 'pending', reason: null });

    await approveVerification(app.db, second.json().payload.id);
    expect(await profileOf(session)).toEqual({ status: 'approved', reason: null });
    const third = await submit(session, [...fields(), ...documents()]);
    expect(third.json().message).toBe('Your identity is already verified.');
  });

  it('keeps one pending request of two submissions sent at once: the other is told it is under review', async () => {
    const { session, userId } = await user();
    const answers = await Promise.all([
      submit(session, [...fields(), ...documents()]),
      submit(session, [...fields(), ...documents()]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json().message).toBe('Your documents are already being reviewed.');
    const rows = await app.db.select().from(verifications).where(eq(verifications.userId, userId));
    expect(rows.map((row) => row.status)).toEqual(['pending']);
  });

  it('gives the offers the current status: none, pending, declined, then approved after a new one', async () => {
    const { session, userId } = await user();
    expect(await verificationStatusOf(app.db, userId)).toBeNull();
    const first = (await submit(session, [...fields(), ...documents()])).json().payload;
    expect(await verificationStatusOf(app.db, userId)).toBe('pending');
    await declineVerification(app.db, first.id, 'Blurred');
    expect(await verificationStatusOf(app.db, userId)).toBe('declined');
    const second = (await submit(session, [...fields(), ...documents()])).json().payload;
    expect(await verificationStatusOf(app.db, userId)).toBe('pending');
    await approveVerification(app.db, second.id);
    expect(await verificationStatusOf(app.db, userId)).toBe('approved');
    // A decline always says why.
    await expect(declineVerification(app.db, second.id, '  ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('reviews only a pending verification', async () => {
    const { session } = await user();
    const { id } = (await submit(session, [...fields(), ...documents()])).json().payload;
    await approveVerification(app.db, id);
    await expect(approveVerification(app.db, id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'verification.not_pending',
      params: { id: String(id), status: 'approved' },
    });
    await expect(declineVerification(app.db, id, 'late')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(approveVerification(app.db, 99_999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the documents', () => {
  it('are private: the owner downloads them, a guest gets 401 and another user finds none', async () => {
    const owner = await user();
    await submit(owner.session, [...fields(), ...documents()]);
    const front = await call(app, owner.session, 'GET', '/api/verification/documents/document_front');
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.headers['content-disposition']).toMatch(/^attachment;/);
    expect(front.headers['cache-control']).toBe('private, no-store');
    const address = await call(app, owner.session, 'GET', '/api/verification/documents/address_document');
    expect(address.headers['content-type']).toBe('application/pdf');

    const guest = await app.inject({ method: 'GET', url: '/api/verification/documents/document_front' });
    expect(guest.statusCode).toBe(401);
    const stranger = await user();
    const other = await call(app, stranger.session, 'GET', '/api/verification/documents/document_front');
    expect(other.statusCode).toBe(404);
    const unknown = await call(app, owner.session, 'GET', '/api/verification/documents/selfie');
    expect(unknown.statusCode).toBe(422);
    // Nothing of it lies under a public address.
    const media = await app.inject({ method: 'GET', url: '/media/verifications/anything.png' });
    expect(media.statusCode).toBe(404);
  });
});

describe('migration 0030', () => {
  it("keeps a user's newest pending request and declines the older ones that a race had kept", async () => {
    // The migrations up to 0029, two pending requests of one user as a race left them, then 0030.
    const folder = mkdtempSync(path.join(tmpdir(), 'pm-migrations-'));
    try {
      cpSync(migrationsDir, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
      const full = structuredClone(journal);
      journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 30);
      writeFileSync(journalFile, JSON.stringify(journal));
      const database = await openPglite(null);
      try {
        await migratePglite(database.db as never, { migrationsFolder: folder });
        // Foreign keys aside: the rows matter here, not their users.
        await database.db.execute(sql`set session_replication_role = replica`);
        const raced = '00000000-0000-4000-8000-000000000001';
        const other = '00000000-0000-4000-8000-000000000002';
        await database.db.execute(sql`
          insert into verifications (user_id, phone, city, country, documents, status)
          values (${raced}, '1', 'London', 'GB', '{}', 'pending'),
                 (${raced}, '1', 'London', 'GB', '{}', 'pending'),
                 (${other}, '1', 'Paris', 'FR', '{}', 'pending')`);
        writeFileSync(journalFile, JSON.stringify(full));
        await migratePglite(database.db as never, { migrationsFolder: folder });
        await database.db.execute(sql`set session_replication_role = origin`);

        const rows = await database.db.select().from(verifications).orderBy(verifications.id);
        expect(rows.map((row) => [row.userId, row.status, row.reason])).toEqual([
          [raced, 'declined', 'Replaced by a later submission.'],
          [raced, 'pending', null],
          [other, 'pending', null],
        ]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
