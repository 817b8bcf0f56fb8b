import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { backOfficeWithCatalogue, type OfferShelf } from '../../test/offers';
import { emptyPdf, submitVerification } from '../../test/verification';

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;
let seller: BrowserSession;
let verificationId: number;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'scans@example.test'));
  ({ session: seller } = await registerVerifiedUser(app));
  // Both sides are the PNG, the address document a PDF; each uploaded under a name that says nothing.
  verificationId = await submitVerification(app, seller, shelf.png);
});
afterAll(() => app?.close());

const view = (id: number, field: string) => `/api/admin/verifications/${id}/documents/${field}/view`;

describe('identity scans shown in the review page', () => {
  it('lists each document with the address it is shown at', async () => {
    const list = (
      await call(app, admin, 'GET', '/api/admin/verifications?status=pending&per_page=100')
    ).json().payload.data as { id: number; documents: { field: string; view_url: string; kind: string }[] }[];
    const item = list.find((entry) => entry.id === verificationId);
    expect(item?.documents).toEqual([
      expect.objectContaining({ field: 'document_front', view_url: view(verificationId, 'document_front') }),
      expect.objectContaining({ field: 'document_back', view_url: view(verificationId, 'document_back') }),
      expect.objectContaining({
        field: 'address_document',
        view_url: view(verificationId, 'address_document'),
      }),
    ]);
  });

  it('answers a picture inline, typed from its bytes, kept by no cache, sandboxed and never framed', async () => {
    const answer = await call(app, admin, 'GET', view(verificationId, 'document_front'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-disposition']).toBe('inline');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.rawPayload).toEqual(shelf.png);
  });

  it('answers a PDF inline for a frame of the shop’s own pages only, and nothing else may frame', async () => {
    const answer = await call(app, admin, 'GET', view(verificationId, 'address_document'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('inline');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.rawPayload).toEqual(emptyPdf);

    // The download of the same file, and every page, still refuse any frame.
    const download = await call(
      app,
      admin,
      'GET',
      `/api/admin/verifications/${verificationId}/documents/address_document`,
    );
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="verification-${verificationId}-address_document.pdf"`,
    );
    expect(download.headers['x-frame-options']).toBe('DENY');
    expect(download.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
    const list = await call(app, admin, 'GET', '/api/admin/verifications');
    expect(list.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(list.headers['x-frame-options']).toBe('DENY');
  });

  it('is 404 for an unknown verification or a document it does not have, 403 for users, 401 for guests', async () => {
    expect((await call(app, admin, 'GET', view(999_999, 'document_front'))).statusCode).toBe(404);
    expect((await call(app, admin, 'GET', view(verificationId, 'selfie'))).statusCode).toBe(422);
    const owner = await call(app, seller, 'GET', view(verificationId, 'document_front'));
    expect(owner.statusCode).toBe(403);
    expect(owner.rawPayload.includes(shelf.png)).toBe(false);
    const guest = await call(
      app,
      await startBrowserSession(app),
      'GET',
      view(verificationId, 'document_front'),
    );
    expect(guest.statusCode).toBe(401);
  });
});
