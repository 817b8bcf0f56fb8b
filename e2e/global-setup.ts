import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProductionServer } from '../scripts/production-server.mjs';
import { ADMIN } from './admin-account';
import { startMailbox } from './mailbox';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    smtpUrl: string;
    demoProducts: number;
  }
}

/** A catalogue this size fills every category and three pages of the list, and seeds in seconds. */
const DEMO_PRODUCTS = 40;

/** The production build on a fresh data directory, sending its mail to a real SMTP server of the tests. */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-e2e-mail-'));
  const mailbox = await startMailbox(mailDir);
  const server = await startProductionServer({
    // Each browser context of the tests is a visitor of its own address, as behind a proxy
    // (e2e/browser.ts), so the per-address limits see many visitors, not one.
    env: {
      SMTP_URL: mailbox.url,
      SEED_DEMO_PRODUCTS: String(DEMO_PRODUCTS),
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('demoProducts', DEMO_PRODUCTS);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', mailbox.url);

  return async () => {
    await server.stop();
    await mailbox.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
