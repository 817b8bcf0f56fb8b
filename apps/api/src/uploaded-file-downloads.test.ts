import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendUploadedFile } from './lib/private-file';
import { diskStorage } from './lib/storage';
import { offers } from './modules/offers/offers.tables';
import { verifications } from './modules/verification/verification.tables';
import { type BrowserSession, call, registerVerifiedUser } from './test/accounts';
import { createTestApp, type TestApp } from './test/app';
import { type Part, postMultipart } from './test/multipart';
import { backOfficeWithCatalogue, type OfferShelf } from './test/offers';
import { emptyPdf, verificationFields } from './test/verification';

/** A PDF whose uploader named it as a Windows installer. */
const contractPdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * A GIF that is an HTML page as well: the GIF header and logical screen, then a page a browser
 * would run if the file were saved as `.html` or served as `text/html`.
 */
const gifHtmlPolyglot = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]),
  Buffer.from('<html><body><script>fetch("/api/user/profile")</script></body></html>'),
]);

const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;
const folder = mkdtempSync(path.join(tmpdir(), 'uploaded-downloads-'));
const disk = diskStorage(folder);

beforeAll(async () => {
  app = await createTestApp({}, (instance) => {
    // Stands in for a route that has checked the caller may see this file, reading it from disk.
    instance.get('/test/uploaded/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      return sendUploadedFile(reply, disk, key, { kinds: ['pdf', 'svg'], name: 'upload-1' });
    });
  });
  ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'downloads-admin@example.test'));
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A verified seller offers `data`, uploaded as `filename` of `type`; answers the session and offer id. */
async function offerFile(data: Buffer, filename: string, type: string) {
  const { session } = await registerVerifiedUser(app);
  const created = await postMultipart(app, session, '/api/offer/create', [
    { name: 'title', value: 'Signed contract' },
    { name: 'category_id', value: String(shelf.categoryId) },
    { name: 'style_ids[]', value: String(shelf.styleId) },
    { name: 'price', value: '80' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename, type, data },
  ]);
  expect(created.statusCode, created.body).toBe(200);
  return { session, offerId: created.json().payload.id as number };
}

/** A verified user sends a verification whose front is `front`, uploaded as `filename` of `type`. */
async function verifyWith(front: Buffer, filename: string, type: string) {
  const { session } = await registerVerifiedUser(app);
  const parts: Part[] = [
    ...Object.entries(verificationFields).map(([name, value]) => ({ name, value })),
    { name: 'document_front', filename, type, data: front },
    { name: 'document_back', filename: 'back.pdf', type: 'application/pdf', data: emptyPdf },
    { name: 'address_document', filename: 'bill.pdf', type: 'application/pdf', data: emptyPdf },
  ];
  const sent = await postMultipart(app, session, '/api/verification', parts);
  expect(sent.statusCode, sent.body).toBe(200);
  return { session, verificationId: sent.json().payload.id as number };
}

describe("an offer's file", () => {
  it('downloads as what its content is, named by the shop, for its owner and for the back office', async () => {
    const { session, offerId } = await offerFile(contractPdf, 'Offer-contract.msi', 'application/msword');
    const answers = [
      await call(app, session, 'GET', `/api/offer/${offerId}/media`),
      await call(app, admin, 'GET', `/api/admin/offers/${offerId}/media`),
    ];
    for (const download of answers) {
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="offer-${offerId}.pdf"`);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toContain('sandbox');
      expect(download.rawPayload).toEqual(contractPdf);
    }
  });

  it('shows a picture in the page, typed by its content whatever its name', async () => {
    const { session, offerId } = await offerFile(shelf.png, 'holiday.html', 'text/html');
    const owner = await call(app, session, 'GET', `/api/offer/${offerId}/media`);
    expect(owner.headers['content-type']).toBe('image/png');
    expect(owner.headers['content-disposition']).toBe('inline');
    const back = await call(app, admin, 'GET', `/api/admin/offers/${offerId}/media`);
    expect(back.headers['content-type']).toBe('image/png');
  });

  it('is sent as bytes to keep, never as a page, once its stored content is no kind it was taken as', async () => {
    const { session, offerId } = await offerFile(contractPdf, 'contract.pdf', 'application/pdf');
    const [row] = await app.db.select().from(offers).where(eq(offers.id, offerId));
    await app.storage.put('private', row?.mediaKey ?? '', html, { contentType: 'text/html' });
    for (const download of [
      await call(app, session, 'GET', `/api/offer/${offerId}/media`),
      await call(app, admin, 'GET', `/api/admin/offers/${offerId}/media`),
    ]) {
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="offer-${offerId}.bin"`);
    }
  });
});

describe('a verification document', () => {
  it('that is a GIF and an HTML page downloads as a GIF, for its owner and for the back office', async () => {
    const { session, verificationId } = await verifyWith(gifHtmlPolyglot, 'passport.html', 'text/html');
    const answers = [
      await call(app, session, 'GET', '/api/verification/documents/document_front'),
      await call(app, admin, 'GET', `/api/admin/verifications/${verificationId}/documents/document_front`),
    ];
    for (const download of answers) {
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/gif');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="verification-${verificationId}-document_front.gif"`,
      );
      expect(download.headers['content-security-policy']).toContain('sandbox');
      expect(download.rawPayload).toEqual(gifHtmlPolyglot);
    }
    const back = await call(app, session, 'GET', '/api/verification/documents/document_back');
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="verification-${verificationId}-document_back.pdf"`,
    );
  });

  it('is sent as bytes to keep once its stored content is no kind a document may be', async () => {
    const { session, verificationId } = await verifyWith(contractPdf, 'scan.pdf', 'application/pdf');
    const [row] = await app.db.select().from(verifications).where(eq(verifications.id, verificationId));
    const documents = JSON.parse(row?.documents ?? '{}') as Record<string, { key: string }>;
    // An SVG is a kind the shop takes for offers, never for identity documents.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>');
    await app.storage.put('private', documents.document_front?.key ?? '', svg, {
      contentType: 'image/svg+xml',
    });
    for (const download of [
      await call(app, session, 'GET', '/api/verification/documents/document_front'),
      await call(app, admin, 'GET', `/api/admin/verifications/${verificationId}/documents/document_front`),
    ]) {
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="verification-${verificationId}-document_front.bin"`,
      );
    }
  });
});

describe('sendUploadedFile', () => {
  it('reads the kind from the front of a file on disk and still sends the whole of it', async () => {
    // Larger than the front that is read, and than one chunk of a file stream.
    const large = Buffer.concat([contractPdf, Buffer.alloc(300 * 1024, 0x41)]);
    await disk.put('private', 'uploads/large.pdf', large, { contentType: 'application/x-msdownload' });
    const response = await app.inject({ method: 'GET', url: '/test/uploaded/uploads/large.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="upload-1.pdf"');
    expect(Number(response.headers['content-length'])).toBe(large.length);
    expect(response.rawPayload).toEqual(large);
  });

  it('judges an SVG as a whole document, and calls a page that is no SVG plain bytes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>');
    await disk.put('private', 'uploads/drawing.txt', svg);
    const drawing = await app.inject({ method: 'GET', url: '/test/uploaded/uploads/drawing.txt' });
    expect(drawing.headers['content-type']).toBe('image/svg+xml');
    expect(drawing.headers['content-disposition']).toBe('attachment; filename="upload-1.svg"');
    expect(drawing.rawPayload).toEqual(svg);
    await disk.put('private', 'uploads/page.svg', html, { contentType: 'image/svg+xml' });
    const page = await app.inject({ method: 'GET', url: '/test/uploaded/uploads/page.svg' });
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toBe('attachment; filename="upload-1.bin"');
    expect(page.rawPayload).toEqual(html);
    const missing = await app.inject({ method: 'GET', url: '/test/uploaded/uploads/none.pdf' });
    expect(missing.statusCode).toBe(404);
  });
});
