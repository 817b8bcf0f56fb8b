import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { multipart } from '../test/multipart';
import { sendPrivateFile } from './private-file';
import { receiveUpload } from './uploads';

const MB = 1024 * 1024;
const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366aa' } })
  .png()
  .toBuffer();
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2)]);
const gif = Buffer.from('GIF89a........');
const webp = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1');
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500)]);
// A Word document is a zip whose part list names its main part as a wordprocessing document.
const docx = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8('<w:document/>'),
  }),
);
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....notes.txt....')]);
const svg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>',
);
const php = Buffer.from('<?php system($_GET["c"]); ?>');
// The first bytes of a kind alone are not that kind: a PNG signature with no image header after
// it, and a zip that names Word's parts but is no zip.
const pngSignatureOnly = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 1),
]);
const fakeDocx = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from('....[Content_Types].xml....PK\x03\x04....word/document.xml....', 'latin1'),
]);
// A Word document with macros is not a DOCX, whatever its name.
const docm = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8('<w:document/>'),
    'word/vbaProject.bin': strToU8('macro'),
  }),
);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, (instance) => {
    instance.post('/test/upload', { config: { csrf: false } }, async (request) => {
      const upload = await receiveUpload(request, instance.storage, {
        bucket: 'private',
        prefix: 'test-uploads',
        files: {
          document: {
            kinds: ['jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'svg'],
            maxBytes: 10 * MB,
            required: true,
          },
          extra: { kinds: ['png'], maxBytes: 10 * MB, maxCount: 2 },
        },
      });
      return upload;
    });
    // Stands in for a route that has checked the caller may see this file.
    instance.get('/test/private/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      return sendPrivateFile(reply, instance.storage, key, { filename: 'Rechnung März "2026".pdf' });
    });
  });
});
afterAll(() => app.close());

/** Runs `action` noting every key written to storage, then checks none of them is left. */
async function leavesNothing(action: () => Promise<void>) {
  const put = app.storage.put;
  const written: string[] = [];
  app.storage.put = async (bucket, key, data, options) => {
    written.push(key);
    return put(bucket, key, data, options);
  };
  try {
    await action();
  } finally {
    app.storage.put = put;
  }
  expect(written.length).toBeGreaterThan(0);
  for (const key of written) expect(await app.storage.exists('private', key)).toBe(false);
}

describe('uploads', () => {
  it('keeps a file name without the NUL characters a client put in it, which no text column could hold', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/upload',
      ...multipart([{ name: 'document', filename: 'report\u0000.png', type: 'image/png', data: png }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().files[0].filename).toBe('report.png');
  });

  it('stores each allowed kind, decided from its content, with the fields beside it', async () => {
    const cases: [Buffer, string, string][] = [
      [png, 'png', 'image/png'],
      [jpeg, 'jpg', 'image/jpeg'],
      [gif, 'gif', 'image/gif'],
      [webp, 'webp', 'image/webp'],
      [pdf, 'pdf', 'application/pdf'],
      [doc, 'doc', 'application/msword'],
      [docx, 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [svg, 'svg', 'image/svg+xml'],
    ];
    for (const [data, extension, contentType] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/test/upload',
        ...multipart([
          { name: 'title', value: 'Mein Angebot' },
          { name: 'style_ids[]', value: '3' },
          { name: 'style_ids[]', value: '5' },
          // The declared type and the name say nothing: the content decides.
          { name: 'document', filename: 'upload.bin', type: 'application/octet-stream', data },
        ]),
      });
      expect(response.statusCode, extension).toBe(200);
      const body = response.json();
      expect(body.fields).toEqual({ title: 'Mein Angebot' });
      expect(body.lists).toEqual({ 'style_ids[]': ['3', '5'] });
      expect(body.files[0]).toMatchObject({
        field: 'document',
        contentType,
        size: data.length,
        filename: 'upload.bin',
      });
      expect(body.files[0].key).toMatch(new RegExp(`^test-uploads/[0-9a-f-]{36}\\.${extension}$`));
      expect(await app.storage.get('private', body.files[0].key)).toEqual(data);
      expect((await app.storage.stat('private', body.files[0].key))?.contentType).toBe(contentType);
    }
  });

  it('refuses a PHP file named .png, a zip that is no Word document and a file that only starts like a kind, with 422 and stores nothing', async () => {
    await leavesNothing(async () => {
      for (const data of [
        php,
        zip,
        Buffer.from('<html><body>hi</body></html>'),
        Buffer.from('<svg><g></svg>'),
        pngSignatureOnly,
        fakeDocx,
        docm,
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/test/upload',
          ...multipart([
            { name: 'extra', filename: 'ok.png', type: 'image/png', data: png },
            { name: 'document', filename: 'shell.png', type: 'image/png', data },
          ]),
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: 'This file type is not allowed.',
          errors: { document: ['This file type is not allowed.'] },
          code: 'VALIDATION_FAILED',
        });
      }
      // A PNG where only PNG is allowed is fine; a PDF there is not.
      const wrongKind = await app.inject({
        method: 'POST',
        url: '/test/upload',
        ...multipart([
          { name: 'document', filename: 'a.pdf', type: 'application/pdf', data: pdf },
          { name: 'extra', filename: 'b.png', type: 'image/png', data: pdf },
        ]),
      });
      expect(wrongKind.statusCode).toBe(422);
      expect(wrongKind.json().errors).toEqual({ extra: ['This file type is not allowed.'] });
    });
  });

  it('refuses a file in a field the route does not take, reading the rest of the form', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/upload',
      ...multipart([
        { name: 'avatar', filename: 'a.png', type: 'image/png', data: png },
        { name: 'document', filename: 'b.png', type: 'image/png', data: png },
      ]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ avatar: ['This value is invalid.'] });
  });

  it('answers 422 when the required file is missing, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/upload',
      ...multipart([{ name: 'title', value: 'x' }]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ document: ['Please choose a file.'] });
  });

  it('answers 413 for a file over 10 MB and leaves no file in storage', async () => {
    await leavesNothing(async () => {
      const big = Buffer.concat([png, Buffer.alloc(10 * MB)]);
      const form = multipart([
        { name: 'extra', filename: 'small.png', type: 'image/png', data: png },
        { name: 'document', filename: 'big.png', type: 'image/png', data: big },
      ]);
      const response = await app.inject({ method: 'POST', url: '/test/upload', ...form });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE' });

      // A body whose declared length cannot fit is refused before it is read.
      const declared = await app.inject({
        method: 'POST',
        url: '/test/upload',
        headers: { ...form.headers, 'content-length': String(100 * MB) },
        payload: form.payload.subarray(0, 100),
      });
      expect(declared.statusCode).toBe(413);
    });
  });

  it('answers 413 for more files than allowed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/upload',
      ...multipart([
        { name: 'document', filename: 'a.png', type: 'image/png', data: png },
        { name: 'extra', filename: 'b.png', type: 'image/png', data: png },
        { name: 'extra', filename: 'c.png', type: 'image/png', data: png },
        { name: 'extra', filename: 'd.png', type: 'image/png', data: png },
      ]),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('private files', () => {
  it('streams a stored file as a download with the stored type, never sniffed or cached', async () => {
    await app.storage.put('private', 'invoices/1.pdf', pdf, { contentType: 'application/pdf' });
    const response = await app.inject({ method: 'GET', url: '/test/private/invoices/1.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pdf);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Rechnung M_rz _2026_.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%222026%22.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('gives a file stored without a type as plain bytes, whatever its name, and 404 when missing', async () => {
    await app.storage.put('private', 'invoices/page.html', Buffer.from('<script>alert(1)</script>'));
    const html = await app.inject({ method: 'GET', url: '/test/private/invoices/page.html' });
    expect(html.headers['content-type']).toBe('application/octet-stream');
    const missing = await app.inject({ method: 'GET', url: '/test/private/invoices/none.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND' });
    // Public files are not reachable through it.
    await app.storage.put('public', 'invoices/public.pdf', pdf);
    expect((await app.inject({ method: 'GET', url: '/test/private/invoices/public.pdf' })).statusCode).toBe(
      404,
    );
  });
});
