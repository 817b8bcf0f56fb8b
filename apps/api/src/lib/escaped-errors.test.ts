import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepServingAfterEscapedErrors } from './escaped-errors';
import { scopedServer } from './request-scope';

type Listener = (error: unknown) => void;
/** The process as the plain emitter it is, whose listeners of any event can be listed. */
const emitter: NodeJS.EventEmitter = process;
const added: { event: 'uncaughtException' | 'unhandledRejection'; listener: Listener }[] = [];

afterEach(() => {
  for (const { event, listener } of added.splice(0)) emitter.removeListener(event, listener);
});

/** Installs the handlers and hands back the ones it added, which the test calls itself. */
function install() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const events = ['uncaughtException', 'unhandledRejection'] as const;
  const before = new Map(events.map((event) => [event, emitter.listeners(event) as unknown[]]));
  keepServingAfterEscapedErrors({
    error: (details, message) => lines.push({ details: details as never, message }),
  });
  const handlerFor = (event: (typeof events)[number]): Listener => {
    const listener = (emitter.listeners(event) as unknown[]).find(
      (item) => !before.get(event)?.includes(item),
    );
    if (typeof listener !== 'function') throw new Error(`no ${event} handler was installed`);
    added.push({ event, listener: listener as Listener });
    return listener as Listener;
  };
  return { lines, uncaught: handlerFor('uncaughtException'), rejected: handlerFor('unhandledRejection') };
}

describe('an error that escapes its handler', () => {
  it('is logged with the request it came from, and the process goes on', async () => {
    const { lines, uncaught, rejected } = install();
    const server = scopedServer((_request, response) => {
      // What Node does with an error event no one listened to, from inside the request's work.
      setImmediate(() => {
        uncaught(new Error('a stream failed'));
        response.end('still here');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/en/products?page=2`, {
      headers: { 'x-request-id': 'req-escaped-1' },
    });
    expect(await response.text()).toBe('still here');
    await new Promise((resolve) => server.close(resolve));

    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/escaped/);
    expect(lines[0]?.details.req).toEqual({ method: 'GET', url: '/en/products?page=2', id: 'req-escaped-1' });
    expect(lines[0]?.details.err).toMatchObject({ message: 'a stream failed' });

    // Outside any request there is none to name.
    rejected(new Error('a promise no one awaited'));
    expect(lines[1]?.details.req).toBeUndefined();
    expect(lines[1]?.message).toMatch(/not handled/);
  });
});
