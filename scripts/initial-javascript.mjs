// The JavaScript a browser loads for a page before any interaction: every script the
// server-rendered HTML names (module preloads, script sources and the modules its inline
// module scripts import; those held until the page has loaded count too, decision 0019), summed as gzip sizes of the built files. `node scripts/initial-javascript.mjs`
// starts the production server on a fresh demo shop and prints the figures for the shop's pages;
// `npm run bench` prints them too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { root } from './build-state.mjs';

const clientDir = path.join(root, 'apps', 'web', 'build', 'client');

/** The script addresses (same-origin paths) an HTML page makes the browser load at once. */
export function scriptsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/<link[^>]+(?:rel="modulepreload"|data-held-modulepreload)[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(match[0]);
    if (href) found.add(href[1]);
  }
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(
    /<script[^>]*type="(?:module|text\/held-module)"[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    for (const specifier of match[1].matchAll(/import(?:\s*\(|[^'"]*?from)?\s*["']([^"']+\.js)["']/g)) {
      found.add(specifier[1]);
    }
  }
  return [...found].filter((src) => src.startsWith('/'));
}

/**
 * The language's texts script a page names (decision 0032): data, not code, so not part of the
 * JavaScript budget; the browser keeps it for good once loaded, under an address that names its
 * content.
 */
export const isTextsScript = (src) => src.startsWith('/texts/');

/** Gzip size in bytes of each built client file the HTML references, and their sum. */
export async function initialJavaScript(baseURL, pagePath) {
  const response = await fetch(`${baseURL}${pagePath}`, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
  const files = scriptsOf(await response.text())
    .filter((src) => !isTextsScript(src))
    .map((src) => {
      const body = readFileSync(path.join(clientDir, src.split('?')[0]));
      return { src, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
  files.sort((a, b) => b.gzip - a.gzip);
  return { pagePath, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

export const kilobytes = (bytes) => (bytes / 1024).toFixed(1);

export async function printInitialJavaScript(baseURL, pages, { detail = false } = {}) {
  for (const page of pages) {
    const result = await initialJavaScript(baseURL, page);
    console.log(
      `shop initial JavaScript: ${kilobytes(result.gzip)} KB gzip (${page}, ${result.files.length} files)`,
    );
    if (detail) {
      for (const file of result.files) {
        console.log(
          `  ${kilobytes(file.gzip).padStart(6)} KB gzip  ${kilobytes(file.raw).padStart(6)} KB raw  ${file.src}`,
        );
      }
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startProductionServer } = await import('./production-server.mjs');
  const server = await startProductionServer({ port: Number(process.env.BENCH_PORT ?? 3902) });
  try {
    await printInitialJavaScript(server.baseURL, ['/en', '/en/products'], { detail: true });
  } finally {
    await server.stop();
  }
}
