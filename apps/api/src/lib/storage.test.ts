import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { isDatabaseUnavailable } from '../db/errors';
import { seed } from '../seed';
import { openTestDatabase } from '../test/database';
import { openStorage } from './open-storage';
import { diskStorage, memoryStorage, readAll, type Storage } from './storage';
import { StorageUnavailableError } from './storage-s3';

/** The behaviour every driver shares; each driver below runs it. */
function storageSuite(name: string, create: () => Promise<Storage>) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await create();
    });

    it('stores a buffer and reads it back whole, as a stream, and by its size and type', async () => {
      const info = await storage.put('public', 'media/a.png', Buffer.from('hello'), {
        contentType: 'image/png',
      });
      expect(info.size).toBe(5);
      expect(await storage.get('public', 'media/a.png')).toEqual(Buffer.from('hello'));
      const file = await storage.createReadStream('public', 'media/a.png');
      expect(file).toMatchObject({ size: 5, contentType: 'image/png' });
      expect((await readAll(file?.body as Readable)).toString()).toBe('hello');
      expect(await storage.stat('public', 'media/a.png')).toEqual({ size: 5, contentType: 'image/png' });
      expect(await storage.exists('public', 'media/a.png')).toBe(true);
    });

    it('stores a stream of many chunks', async () => {
      const chunk = Buffer.alloc(64 * 1024, 7);
      const source = Readable.from(
        (function* () {
          for (let index = 0; index < 100; index += 1) yield chunk;
        })(),
      );
      const info = await storage.put('private', 'uploads/big.bin', source, {
        contentType: 'application/pdf',
      });
      expect(info.size).toBe(100 * chunk.length);
      const file = await storage.createReadStream('private', 'uploads/big.bin');
      expect(file?.size).toBe(100 * chunk.length);
      const bytes = await readAll(file?.body as Readable);
      expect(bytes.length).toBe(100 * chunk.length);
      expect(bytes.every((byte) => byte === 7)).toBe(true);
    });

    it('keeps the public and private areas apart', async () => {
      await storage.put('private', 'docs/secret.pdf', Buffer.from('private'));
      expect(await storage.exists('public', 'docs/secret.pdf')).toBe(false);
      expect(await storage.createReadStream('public', 'docs/secret.pdf')).toBeNull();
      expect(await storage.get('private', 'docs/secret.pdf')).toEqual(Buffer.from('private'));
    });

    it('answers null for a missing file and deletes files, twice without error', async () => {
      expect(await storage.get('public', 'nothing/here.png')).toBeNull();
      expect(await storage.stat('public', 'nothing/here.png')).toBeNull();
      expect(await storage.createReadStream('public', 'nothing/here.png')).toBeNull();
      await storage.put('public', 'gone/x.txt', Buffer.from('x'));
      await storage.delete('public', 'gone/x.txt');
      await storage.delete('public', 'gone/x.txt');
      expect(await storage.exists('public', 'gone/x.txt')).toBe(false);
    });

    it('leaves nothing, and keeps the earlier file, when a stream fails midway', async () => {
      await storage.put('private', 'keep/file.bin', Buffer.from('old'));
      const failing = new Readable({ read() {} });
      failing.push(Buffer.alloc(1024, 1));
      setTimeout(() => failing.destroy(new Error('client went away')), 5);
      await expect(storage.put('private', 'keep/file.bin', failing)).rejects.toThrow();
      expect(await storage.get('private', 'keep/file.bin')).toEqual(Buffer.from('old'));
      const broken = new Readable({ read() {} });
      setTimeout(() => broken.destroy(new Error('client went away')), 5);
      await expect(storage.put('private', 'keep/new.bin', broken)).rejects.toThrow();
      expect(await storage.exists('private', 'keep/new.bin')).toBe(false);
    });

    it('rejects, and lets nothing escape, when a stream fails before it is read', async () => {
      const early = new Readable({ read() {} });
      const putting = storage.put('private', 'early/file.bin', early);
      // Fails while the storage is still getting ready to read it (making its folder on disk).
      early.destroy(new Error('client went away'));
      await expect(putting).rejects.toThrow('client went away');
      expect(await storage.exists('private', 'early/file.bin')).toBe(false);
    });

    it('refuses keys that could climb out of the folder', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'A/b', 'a/.hidden', 'a\\b']) {
        await expect(storage.put('public', key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
        await expect(storage.get('public', key)).rejects.toThrow('invalid storage key');
      }
    });
  });
}

storageSuite('memory', async () => memoryStorage());

const diskRoot = mkdtempSync(path.join(tmpdir(), 'pm-storage-'));
afterAll(() => rmSync(diskRoot, { recursive: true, force: true }));
storageSuite('disk', async () => diskStorage(diskRoot));

describe('disk storage files', () => {
  it('leaves no partial file behind after a failed stream', () => {
    const walk = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(folder, entry.name)) : [entry.name],
      );
    expect(walk(diskRoot).filter((file) => file.endsWith('.partial'))).toEqual([]);
  });

  it('lets a stream go when its folder cannot be made', async () => {
    const storage = diskStorage(diskRoot);
    await storage.put('private', 'taken/name', Buffer.from('a file where a folder would go'));
    const source = new Readable({ read() {} });
    await expect(storage.put('private', 'taken/name/inner.bin', source)).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });
});

// A real S3 protocol server on loopback, so the official SDK is exercised end to end.
const s3Directory = mkdtempSync(path.join(tmpdir(), 'pm-s3-'));
let s3Server: S3rver | null = null;
let s3Endpoint = '';
afterAll(async () => {
  await s3Server?.close();
  rmSync(s3Directory, { recursive: true, force: true });
});
storageSuite('S3', async () => {
  s3Server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: 'promptmarket', configs: [] }],
  });
  const address = (await s3Server.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
  // Through the configuration, as the server builds it when S3_BUCKET is set.
  return openStorage(
    loadConfig({
      S3_BUCKET: 'promptmarket',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
  );
});

describe('S3 storage layout', () => {
  it('keeps the public and private areas as two prefixes of one bucket', async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'promptmarket' }));
    const keys = (listed.Contents ?? []).map((object) => object.Key);
    expect(keys).toContain('public/media/a.png');
    expect(keys).toContain('private/docs/secret.pdf');
    expect(keys.every((key) => key?.startsWith('public/') || key?.startsWith('private/'))).toBe(true);
  });
});

describe('S3 storage that does not answer', () => {
  const limits = { S3_CONNECT_TIMEOUT_MS: '200', S3_REQUEST_TIMEOUT_MS: '300' };
  // Two attempts of at most 300 ms each, the SDK's short wait between them, and room for a busy machine.
  const withinMs = 3_000;

  /** A storage server that takes connections and never says a word. */
  async function startSilentServer() {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    };
  }

  /** An address where nothing listens: a port taken from the system and given back. */
  async function unusedEndpoint() {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${port}`;
  }

  const storageAt = (endpoint: string) =>
    openStorage(
      loadConfig({
        S3_BUCKET: 'promptmarket',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        ...limits,
      }),
    );

  async function expectUnanswered(call: Promise<unknown>) {
    const started = Date.now();
    await expect(call).rejects.toThrow('the storage did not answer in time');
    expect(Date.now() - started).toBeLessThan(withinMs);
  }

  it('fails each call within its time limits when the server never answers', async () => {
    const server = await startSilentServer();
    try {
      const storage = storageAt(server.endpoint);
      await expectUnanswered(storage.stat('public', 'media/a.png'));
      await expectUnanswered(storage.get('private', 'uploads/a.bin'));
      await expectUnanswered(storage.createReadStream('private', 'uploads/a.bin'));
      await expectUnanswered(storage.put('public', 'media/a.png', Buffer.from('hello')));
      await expectUnanswered(storage.put('private', 'uploads/b.bin', Readable.from([Buffer.from('hello')])));
      await expectUnanswered(storage.delete('public', 'media/a.png'));
    } finally {
      await server.close();
    }
  });

  it('answers 503 with Retry-After for a file while the storage is away, and keeps serving what needs none', async () => {
    const database = await openTestDatabase();
    await seed(database.db);
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
        APP_URL: 'http://shop.test',
      }),
      database,
      closeDatabase: false,
      storage: storageAt(await unusedEndpoint()),
    });
    try {
      const picture = await app.inject({ method: 'GET', url: '/media/previews/a.webp' });
      expect(picture.statusCode).toBe(503);
      expect(picture.headers['retry-after']).toBe('5');
      expect(picture.json()).toEqual({ message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' });
      expect(picture.body).not.toContain('127.0.0.1');
      const list = await app.inject({ method: 'GET', url: '/api/products?per_page=2' });
      expect(list.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('fails each call at once when nothing listens, and is not taken for the database', async () => {
    const storage = storageAt(await unusedEndpoint());
    const failure = await storage.stat('public', 'media/a.png').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect(isDatabaseUnavailable(failure)).toBe(false);
    await expectUnanswered(storage.stat('public', 'media/a.png'));
    await expectUnanswered(storage.get('private', 'uploads/a.bin'));
    await expectUnanswered(storage.put('public', 'media/a.png', Buffer.from('hello')));
  });
});
