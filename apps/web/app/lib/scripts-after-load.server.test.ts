import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { holdScriptsUntilLoad } from './scripts-after-load.server';

const NONCE = 'bm9uY2Utb2YtdGVzdA==';
const page =
  '<!DOCTYPE html><html lang="de"><head><title>Größe – ü</title>' +
  `<link rel="modulepreload" href="/assets/entry.js" nonce="${NONCE}"/>` +
  '<link rel="stylesheet" href="/assets/app.css"/>' +
  `<link rel="modulepreload" href="/assets/shell.js" nonce="${NONCE}"/></head>` +
  '<body><p>Préférences 🎨 &lt;link rel=&quot;modulepreload&quot;&gt;</p>' +
  `<script nonce="${NONCE}">window.a = 1 < 2 && 3 > 2;</script>` +
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>` +
  '</body></html>';

function rewrite(html: string): string {
  return holdScriptsUntilLoad(Buffer.from(html), NONCE).toString('utf8');
}

describe('holdScriptsUntilLoad', () => {
  it('holds the module preloads and the module script, and adds the starter under the nonce', () => {
    const html = rewrite(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link data-held-modulepreload="" href="/assets/entry.js"');
    expect(html).toContain('<link data-held-modulepreload="" href="/assets/shell.js"');
    expect(html).toContain(`<script nonce="${NONCE}" type="text/held-module">import * as route0`);
    expect(html).not.toContain('type="module"');
    expect(html.match(/<script nonce="[^"]*">addEventListener\('load'/g)).toHaveLength(1);
    expect(html.indexOf("addEventListener('load'")).toBeLessThan(html.indexOf('</head>'));
    // Everything else is as it was.
    expect(html).toContain('<p>Préférences 🎨 &lt;link rel=&quot;modulepreload&quot;&gt;</p>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain(`<script nonce="${NONCE}">window.a = 1 < 2 && 3 > 2;</script>`);
  });

  it('starts the held scripts on load: the module script with the nonce, then each preload in a task of its own', () => {
    const html = rewrite(page);
    const starter = /<script nonce="[^"]*">(addEventListener\('load'.*?)<\/script>/.exec(html)?.[1];
    if (!starter) throw new Error('no starter script');

    // A small stand-in for the document, enough for what the starter touches.
    const appended: { rel: string; href: string }[] = [];
    const held = { textContent: 'import("/assets/entry.js");', replacedWith: null as unknown };
    const listeners: Record<string, () => void> = {};
    const document = {
      head: { appendChild: (link: { rel: string; href: string }) => appended.push(link) },
      createElement: () => ({}),
      querySelectorAll: (selector: string) =>
        selector === 'link[data-held-modulepreload]'
          ? ['/assets/entry.js', '/assets/shell.js'].map((href) => ({ getAttribute: () => href }))
          : [],
      querySelector: (selector: string) =>
        selector === 'script[type="text/held-module"]'
          ? { ...held, replaceWith: (script: unknown) => (held.replacedWith = script) }
          : null,
    };
    const tasks: (() => void)[] = [];
    runInNewContext(starter, {
      document,
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      setTimeout: (task: () => void) => tasks.push(task),
    });
    expect(appended).toEqual([]);
    listeners.load?.();
    expect(held.replacedWith).toEqual({
      type: 'module',
      nonce: NONCE,
      textContent: 'import("/assets/entry.js");',
    });
    expect(appended).toEqual([]);
    expect(tasks).toHaveLength(2);
    tasks.shift()?.();
    expect(appended).toEqual([{ rel: 'modulepreload', href: '/assets/entry.js' }]);
    tasks.shift()?.();
    expect(appended).toEqual([
      { rel: 'modulepreload', href: '/assets/entry.js' },
      { rel: 'modulepreload', href: '/assets/shell.js' },
    ]);
  });

  it('waits on load for the first contentful paint where the browser reports paints, or a second at most', () => {
    const html = rewrite(page);
    const starter = /<script nonce="[^"]*">(addEventListener\('load'.*?)<\/script>/.exec(html)?.[1];
    if (!starter) throw new Error('no starter script');

    function browser() {
      let started = 0;
      const listeners: Record<string, () => void> = {};
      const timers: { task: () => void; ms: number }[] = [];
      const observers: { report: (names: string[]) => void; disconnected: boolean }[] = [];
      class PerformanceObserver {
        static supportedEntryTypes = ['navigation', 'paint'];
        constructor(callback: (list: unknown, observer: unknown) => void) {
          const entry = {
            disconnected: false,
            report: (names: string[]) =>
              callback(
                { getEntriesByName: (name: string) => names.filter((reported) => reported === name) },
                this,
              ),
          };
          observers.push(entry);
          this.entry = entry;
        }
        entry: { disconnected: boolean };
        observe(options: { type: string; buffered: boolean }) {
          expect(options).toEqual({ type: 'paint', buffered: true });
        }
        disconnect() {
          this.entry.disconnected = true;
        }
      }
      const document = {
        head: { appendChild: () => {} },
        createElement: () => ({}),
        querySelectorAll: () => [],
        querySelector: () => ({ replaceWith: () => started++ }),
      };
      runInNewContext(starter as string, {
        document,
        PerformanceObserver,
        addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
        setTimeout: (task: () => void, ms: number) => timers.push({ task, ms }),
      });
      return { started: () => started, listeners, timers, observers };
    }

    // Painted: the scripts start with the first contentful paint, once.
    const painted = browser();
    painted.listeners.load?.();
    expect(painted.started()).toBe(0);
    painted.observers[0]?.report(['first-paint']);
    expect(painted.started()).toBe(0);
    painted.observers[0]?.report(['first-paint', 'first-contentful-paint']);
    expect(painted.started()).toBe(1);
    expect(painted.observers[0]?.disconnected).toBe(true);
    for (const timer of painted.timers) timer.task();
    expect(painted.started()).toBe(1);

    // Never reported: they start a second after load.
    const silent = browser();
    silent.listeners.load?.();
    expect(silent.started()).toBe(0);
    expect(silent.timers.map((timer) => timer.ms)).toEqual([1000]);
    silent.timers[0]?.task();
    expect(silent.started()).toBe(1);
  });
});
