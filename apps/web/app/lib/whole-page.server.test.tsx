import { lazy, Suspense } from 'react';
import type { EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshHandoffStream, handOverLoaderData, renderedAtOnce, renderWhenReady } from './whole-page.server';

const waiting = { nonce: 'bm9uY2U=', status: 200, timeoutMs: 5_000 };

function Document({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de">
      <head>
        <title>Größe</title>
      </head>
      <body>{children}</body>
    </html>
  );
}

function Failing(): React.ReactNode {
  throw new Error('a part that fails');
}

afterEach(() => vi.restoreAllMocks());

describe('a page rendered in one pass', () => {
  it('is the page the renderer that waits writes, doctype included', async () => {
    const page = (
      <Document>
        <p>Préférences 🎨 {'<b>'}</p>
        <Suspense fallback={<p>loading</p>}>
          <p>ready</p>
        </Suspense>
      </Document>
    );
    const atOnce = renderedAtOnce(page);
    const { html, status } = await renderWhenReady(page, waiting);
    expect(atOnce?.equals(html)).toBe(true);
    expect(atOnce?.toString('utf8').startsWith('<!DOCTYPE html><html lang="de">')).toBe(true);
    expect(status).toBe(200);
  });

  it('writes no doctype before a part that is not a document', () => {
    expect(renderedAtOnce(<p>alone</p>)?.toString('utf8')).toBe('<p>alone</p>');
  });

  it('is given up while a code-split part is not loaded, and taken once it is', async () => {
    const Part = lazy(async () => ({ default: () => <p>the part</p> }));
    const page = (
      <Document>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </Document>
    );
    expect(renderedAtOnce(page)).toBeNull();
    const { html } = await renderWhenReady(page, waiting);
    expect(html.toString('utf8')).toContain('<p>the part</p>');
    expect(renderedAtOnce(page)?.equals(html)).toBe(true);
  });

  it('is given up when a part fails, which the renderer that waits logs and answers with 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (
      <Document>
        <Suspense fallback={<p>later</p>}>
          <Failing />
        </Suspense>
      </Document>
    );
    expect(renderedAtOnce(page)).toBeNull();
    const { status } = await renderWhenReady(page, waiting);
    expect(status).toBe(500);
    expect(logged).toHaveBeenCalled();
  });

  it('is given up when the shell fails, which the renderer that waits rejects', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (
      <Document>
        <Failing />
      </Document>
    );
    expect(renderedAtOnce(page)).toBeNull();
    await expect(renderWhenReady(page, waiting)).rejects.toThrow('a part that fails');
  });
});

describe("the loader data's hand-over", () => {
  const streamOf = (pieces: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });

  it('reads the whole stream as one finished piece, characters split between pieces included', async () => {
    const bytes = new TextEncoder().encode('[{"title":"Größe 🎨"}]');
    const context = {
      serverHandoffStream: streamOf([bytes.subarray(0, 14), bytes.subarray(14, 23), bytes.subarray(23)]),
      renderMeta: {},
    } as unknown as EntryContext;
    await handOverLoaderData(context);
    const piece = context.renderMeta?.streamCache?.[0];
    expect(piece?.result).toEqual({ done: true, value: '[{"title":"Größe 🎨"}]' });
    expect(context.renderMeta?.streamCache?.[1]).toBeUndefined();
    // The stream in its place gives the same bytes, to every render of the page.
    for (let render = 0; render < 2; render++) {
      const reader = context.serverHandoffStream?.getReader();
      const first = await reader?.read();
      expect(Buffer.from(first?.value ?? []).equals(Buffer.from(bytes))).toBe(true);
      expect((await reader?.read())?.done).toBe(true);
      // What a render left in the cache is gone before the next.
      const cache = context.renderMeta?.streamCache ?? {};
      cache[1] = Object.assign(Promise.resolve(), { result: { done: true, value: 'left' } });
      freshHandoffStream(context);
      expect(Object.keys(context.renderMeta?.streamCache ?? {})).toEqual(['0']);
    }
  });

  it('leaves a page without loader data as it is', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await handOverLoaderData(context);
    freshHandoffStream(context);
    expect(context.serverHandoffStream).toBeUndefined();
    expect(context.renderMeta).toEqual({});
  });
});
