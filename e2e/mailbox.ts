import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpServer } from '../apps/api/src/test/smtp';

/**
 * A real SMTP server for the shop under test. Every mail it receives is written to a
 * folder, where the tests (in other processes) read it.
 */
export async function startMailbox(directory: string) {
  mkdirSync(directory, { recursive: true });
  const smtp = await startSmtpServer();
  let written = 0;
  const timer = setInterval(() => {
    while (written < smtp.received.length) {
      const mail = smtp.received[written];
      written += 1;
      if (mail)
        writeFileSync(
          path.join(directory, `${String(written).padStart(5, '0')}.eml`),
          `X-Envelope-To: ${mail.to.join(',')}\n${mail.raw}`,
        );
    }
  }, 50);
  return {
    url: smtp.url,
    close: async () => {
      clearInterval(timer);
      await smtp.close();
    },
  };
}

/** Waits for the newest mail to an address and returns the first link in it that matches. */
export async function waitForMailLink(
  directory: string,
  recipient: string,
  linkPattern: RegExp,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(directory).sort().reverse();
    for (const file of files) {
      // Already decoded by the SMTP helper when it was received.
      const raw = readFileSync(path.join(directory, file), 'utf8');
      if (!raw.startsWith(`X-Envelope-To: ${recipient}`)) continue;
      const link = raw.match(linkPattern);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${recipient} with a link like ${linkPattern}`);
}
