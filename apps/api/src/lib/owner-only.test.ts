import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileSender } from '../modules/mail/mail.service';
import { keepDataDirPrivate, narrowToOwner } from './owner-only';
import { diskStorage } from './storage';

/** The permission bits of a file or folder. */
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under `root`, with its mode, as paths relative to it. */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    modes[entry] = modeOf(path.join(root, entry)).toString(8);
  }
  return modes;
}

let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pm-owner-only-'));
  // The loosest umask a process could be started with: only explicit modes keep files private.
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe("DATA_DIR's files", () => {
  it('are written by the disk storage for their owner alone, whatever the umask', async () => {
    const storage = diskStorage(path.join(root, 'storage'));
    await storage.put('private', 'verification/7/passport.pdf', Buffer.from('%PDF-1.7'), {
      contentType: 'application/pdf',
    });
    await storage.put('public', 'media/1/picture.png', Readable.from([Buffer.from('png')]));
    const modes = modesUnder(root);
    expect(Object.keys(modes)).toContain('storage/private/verification/7/passport.pdf');
    expect(Object.keys(modes)).toContain('storage/.types/private/verification/7/passport.pdf');
    for (const [entry, mode] of Object.entries(modes)) {
      const folder = statSync(path.join(root, entry)).isDirectory();
      expect([entry, mode]).toEqual([entry, folder ? '700' : '600']);
    }
  });

  it('are written by the file mail sender for their owner alone, whatever the umask', async () => {
    const directory = path.join(root, 'mail');
    const sender = fileSender(directory, 'shop@example.test', () => undefined, { logLinks: false });
    await sender.send({
      id: '00000000-0000-4000-8000-000000000001',
      recipient: 'someone@example.test',
      subject: 'Reset your password',
      text: 'https://shop.test/en/reset-password?token=secret',
      html: '<p>reset</p>',
      status: 'pending',
      createdAt: new Date('2026-01-02T03:04:05Z'),
      sentAt: null,
      unsubscribeUrl: null,
    });
    const [mail] = readdirSync(directory);
    expect(mail).toMatch(/\.eml$/);
    expect(modeOf(directory).toString(8)).toBe('700');
    expect(modeOf(path.join(directory, String(mail))).toString(8)).toBe('600');
  });

  it('are made their owner’s alone at start-up where they were wider, and counted', async () => {
    mkdirSync(path.join(root, 'db', 'base'), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(root, 'db', 'base', '1234'), 'page', { mode: 0o666 });
    writeFileSync(path.join(root, 'app.key'), 'key', { mode: 0o600 });
    writeFileSync(path.join(root, 'run.sh'), '#!/bin/sh', { mode: 0o755 });
    const outside = path.join(root, '..', `${path.basename(root)}-outside`);
    writeFileSync(outside, 'not DATA_DIR', { mode: 0o644 });
    symlinkSync(outside, path.join(root, 'elsewhere'));
    chmodSync(root, 0o755);
    const lines: string[] = [];
    await keepDataDirPrivate(root, (line) => lines.push(line));
    // Also, from now on, what the process creates is its owner's alone.
    expect(process.umask()).toBe(0o077);
    expect(modeOf(root).toString(8)).toBe('700');
    expect(modeOf(path.join(root, 'db')).toString(8)).toBe('700');
    expect(modeOf(path.join(root, 'db', 'base')).toString(8)).toBe('700');
    expect(modeOf(path.join(root, 'db', 'base', '1234')).toString(8)).toBe('600');
    expect(modeOf(path.join(root, 'app.key')).toString(8)).toBe('600');
    expect(modeOf(path.join(root, 'run.sh')).toString(8)).toBe('700');
    // A link is not followed: what it points to is not DATA_DIR's.
    expect(modeOf(outside).toString(8)).toBe('644');
    rmSync(outside);
    expect(lines).toEqual([expect.stringMatching(/^DATA_DIR: 5 files and folders /)]);

    lines.length = 0;
    await keepDataDirPrivate(root, (line) => lines.push(line));
    expect(lines).toEqual([]);
  });

  it('are checked up to a limit, and a missing DATA_DIR is no error', async () => {
    for (let index = 0; index < 5; index += 1) {
      writeFileSync(path.join(root, `file-${index}`), 'x', { mode: 0o644 });
    }
    const first = await narrowToOwner(root, 3);
    expect(first).toEqual({ fixed: expect.any(Number), checked: 3, complete: false });
    const rest = await narrowToOwner(root);
    expect(rest.complete).toBe(true);
    expect(rest.checked).toBe(6);
    expect(first.fixed + rest.fixed).toBe(5);
    expect(await narrowToOwner(path.join(root, 'nothing-here'))).toEqual({
      fixed: 0,
      checked: 0,
      complete: true,
    });
  });
});
