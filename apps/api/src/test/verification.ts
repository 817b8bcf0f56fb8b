import { expect } from 'vitest';
import type { BrowserSession } from './accounts';
import type { TestApp } from './app';
import { type Part, postMultipart } from './multipart';

/** A PDF with nothing in it, as an address document. */
export const emptyPdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The text fields of a passport holder's verification from London. */
export const verificationFields = {
  full_name: 'Ada Lovelace',
  phone: '+44 20 7946 0000',
  date_of_birth: '1990-12-10',
  nationality: 'British',
  city: 'London',
  state: 'Greater London',
  country: 'gb',
  zip: 'SW1Y 4JH',
  document_type: 'passport',
  confirm: '1',
};

/** A passport holder from London sends their verification with `png` as both sides; answers its id. */
export async function submitVerification(app: TestApp, session: BrowserSession, png: Buffer) {
  const parts: Part[] = [
    ...Object.entries(verificationFields).map(([name, value]) => ({ name, value })),
    ...Object.entries({ document_front: png, document_back: png, address_document: emptyPdf }).map(
      ([name, data]) => ({ name, filename: `${name}.bin`, type: 'application/octet-stream', data }),
    ),
  ];
  const sent = await postMultipart(app, session, '/api/verification', parts);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().payload.id as number;
}
