// Where a phone's time goes on the shop's key pages, a guest's and a member's: run by hand, not part
// of `npm test`.
//
//   node scripts/browser-trace.mjs <folder> [--base http://127.0.0.1:3901 --data-dir <dir>] [--only <text>]
//
// For each page (home, product list, a product page; signed in: home, cart, orders, wallet, the
// deposit form) it opens a fresh browser context in Debian's Chromium (CHROMIUM_PATH) with a 360x800
// phone viewport, the CPU slowed 4x and a slow 4G network (Lighthouse's DevTools throttling: 562.5 ms
// round trip, 1.47 Mbit/s down, 675 kbit/s up), records a performance trace of the first load and
// prints: the long tasks (over 50 ms) with what ran in them (the trace's script, layout and parse
// events, and the call frames the CPU profile sampled most, by self time); the largest contentful
// paint's element (tag, id, class, picture) with when its picture was asked for, arrived and was
// painted, and the render-blocking files it waited behind; and every script with its bytes. The
// trace's screen frames every 0.5 s for the first 4 s are saved as JPEG files in <folder>/<page>/,
// and each trace as <folder>/<page>/trace.json (open it in Chromium's DevTools, Performance panel).
//
// Without --base it starts the production build (`npm run build` first) on the database of
// BENCH_REUSE_DATABASE_URL (or an embedded one in BENCH_REUSE_DATA_DIR), as `npm run bench` does,
// e.g. BENCH_REUSE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/pm_bench_keep
// BENCH_REUSE_DATA_DIR=/tmp/benchkeep. With --base it measures a server that runs already; --data-dir
// is that server's data folder, where it writes the verification mail of the member registered here.
// Each page is asked for once before it is traced, so that the server's first render is not measured.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium as playwright } from 'playwright-core';
import { signedInVisitor } from './bench-buying.mjs';
import { root } from './build-state.mjs';
import { startProductionServer } from './production-server.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, 'data-dir': { type: 'string' }, only: { type: 'string' } },
});
const [folder] = positionals;
if (!folder || (options.base && !options['data-dir'])) {
  console.error(
    'usage: node scripts/browser-trace.mjs <folder> [--base <address> --data-dir <dir>] [--only <text>]',
  );
  process.exit(1);
}
const outDir = path.resolve(folder);

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse's "slow 4G" as DevTools applies it (its `throttling.mobileSlow4G` with DevTools' factors). */
const slow4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const SCREENSHOT_STEP_MS = 500;
const SCREENSHOT_UNTIL_MS = 4000;
/**
 * How long after the load event a trace keeps recording: the scripts held until then (decision 0019)
 * and the page's start land in it, and it always reaches past the last screen frame kept.
 */
const AFTER_LOAD_MS = 5000;
const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

const server = options.base
  ? null
  : await startProductionServer({
      dataDir: path.resolve(process.env.BENCH_REUSE_DATA_DIR ?? path.join(root, 'data')),
      keepDataDir: true,
      env: { DATABASE_URL: process.env.BENCH_REUSE_DATABASE_URL ?? '' },
    });
const base = options.base ?? server.baseURL;
const dataDir = path.resolve(
  options['data-dir'] ?? process.env.BENCH_REUSE_DATA_DIR ?? path.join(root, 'data'),
);

const ms = (value) => `${Math.round(value)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** A same-origin address without its origin; others as they are. */
const short = (url) => (url?.startsWith(base) ? url.slice(base.length) : url || '(no file)');

/** Records what the page's largest-contentful-paint entries named, as they come. */
function observeLargestPaint() {
  window.__largestPaints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      window.__largestPaints.push({
        startTime: entry.startTime,
        renderTime: entry.renderTime,
        loadTime: entry.loadTime,
        size: entry.size,
        url: entry.url,
        tag: element?.tagName.toLowerCase() ?? '(removed)',
        id: element?.id ?? '',
        className: typeof element?.className === 'string' ? element.className : '',
        text: element && !entry.url ? (element.textContent ?? '').trim().slice(0, 60) : '',
        loading: element?.getAttribute?.('loading') ?? '',
        fetchPriority: element?.getAttribute?.('fetchpriority') ?? '',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** The main thread of the page's renderer: the one that ran the navigation's document. */
function mainThreadOf(events, url) {
  const started = events.find((event) => event.name === 'TracingStartedInBrowser');
  const frame = started?.args?.data?.frames?.find((candidate) => !candidate.parent);
  const navigation = events.findLast(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith(url),
  );
  const pid = navigation?.pid ?? frame?.processId;
  const thread = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === pid &&
      event.args.name === 'CrRendererMain',
  );
  return { pid, tid: thread?.tid, navigationStart: navigation?.ts };
}

/**
 * The CPU profile's samples on one thread: each sample's time (µs, trace clock) and call frame. The
 * profile starts on the thread it samples; its chunks come from the profiler's own thread.
 */
function samplesOf(events, pid, tid) {
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid) {
      profiles.set(event.id, { time: event.args.data.startTime, nodes: new Map(), samples: [] });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(event.id);
      if (!profile) continue;
      const chunk = event.args.data;
      for (const node of chunk.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      const ids = chunk.cpuProfile?.samples ?? [];
      const deltas = chunk.timeDeltas ?? [];
      for (let index = 0; index < ids.length; index += 1) {
        profile.time += deltas[index] ?? 0;
        profile.samples.push({ time: profile.time, node: ids[index] });
      }
    }
  }
  const samples = [];
  for (const profile of profiles.values()) {
    for (const sample of profile.samples) {
      const node = profile.nodes.get(sample.node);
      if (node) samples.push({ time: sample.time, frame: node.callFrame });
    }
  }
  samples.sort((a, b) => a.time - b.time);
  return samples;
}

const frameName = (frame) =>
  frame.url
    ? `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
    : frame.functionName;

/** What one trace event on the main thread says it did, in a few words. */
function describe(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
    case 'v8.parseOnBackground':
      return `${event.name} ${short(data.url ?? event.args?.fileName ?? '')}`;
    case 'FunctionCall':
      return `FunctionCall ${data.functionName || '(anonymous)'} ${short(data.url)}:${(data.lineNumber ?? 0) + 1}`;
    case 'ParseHTML':
      return `ParseHTML ${short(data.url)}`;
    case 'EventDispatch':
      return `EventDispatch ${data.type}`;
    case 'TimerFire':
      return 'TimerFire';
    default:
      return event.name;
  }
}

/** What a piece of the main thread's work counts as, by the trace event that did it. */
const kindOf = new Map([
  ...['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall'].map((name) => [
    name,
    'script',
  ]),
  ...['RunMicrotasks', 'TimerFire', 'EventDispatch', 'FireAnimationFrame'].map((name) => [name, 'script']),
  ...['UpdateLayoutTree', 'RecalculateStyles', 'Layout'].map((name) => [name, 'style and layout']),
  ...['Paint', 'PrePaint', 'Layerize', 'Commit', 'Decode Image'].map((name) => [name, 'paint']),
  ...['ParseHTML', 'ParseAuthorStyleSheet'].map((name) => [name, 'parsing HTML and CSS']),
  ...['MajorGC', 'MinorGC', 'V8.GC_SCAVENGER'].map((name) => [name, 'garbage collection']),
]);
/** Call frames of this script's own observer and of Playwright's helpers: measuring, not the page. */
const harnessFrames = new Set(['observeLargestPaint', 'UtilityScript', 'evaluate', 'serialize']);

/**
 * Every task of the main thread after the navigation started: its time, the events directly inside
 * it (the outermost of nested ones: a FunctionCall inside an EvaluateScript is part of it) and, for a
 * long task, the call frames the profile sampled most inside it (by self time). A task that ran this
 * script's observer or Playwright's helpers, or that unloaded the blank page before, is marked.
 */
function mainThreadTasks(events, { pid, tid, navigationStart }) {
  const onThread = events
    .filter(
      (event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.ts >= navigationStart,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const samples = samplesOf(events, pid, tid);
  const tasks = [];
  for (let index = 0; index < onThread.length; index += 1) {
    const task = onThread[index];
    if (task.name !== 'RunTask') continue;
    const end = task.ts + task.dur;
    const inside = [];
    for (let next = index + 1; next < onThread.length && onThread[next].ts < end; next += 1) {
      const event = onThread[next];
      if (event.ts + event.dur <= end && kindOf.has(event.name)) inside.push(event);
    }
    const outermost = inside.filter(
      (event) =>
        !inside.some(
          (outer) =>
            outer !== event &&
            outer.ts <= event.ts &&
            outer.ts + outer.dur >= event.ts + event.dur &&
            outer.dur > event.dur,
        ),
    );
    const byWork = new Map();
    const byKind = new Map();
    for (const event of outermost) {
      byWork.set(describe(event), (byWork.get(describe(event)) ?? 0) + event.dur / 1000);
      const kind = kindOf.get(event.name);
      byKind.set(kind, (byKind.get(kind) ?? 0) + event.dur / 1000);
    }
    const covered = [...byKind.values()].reduce((sum, value) => sum + value, 0);
    byKind.set('other', Math.max(0, task.dur / 1000 - covered));
    const long = task.dur / 1000 > LONG_TASK_MS;
    const byFrame = new Map();
    const byScript = new Map();
    let sampled = 0;
    let harness = outermost.some(
      (event) => event.name === 'EventDispatch' && ['unload', 'pagehide'].includes(event.args?.data?.type),
    );
    for (const sample of long ? samples : []) {
      if (sample.time < task.ts || sample.time > end) continue;
      sampled += 1;
      if (harnessFrames.has(sample.frame.functionName)) harness = true;
      const name = frameName(sample.frame);
      byFrame.set(name, (byFrame.get(name) ?? 0) + 1);
      const script = sample.frame.url ? short(sample.frame.url) : sample.frame.functionName;
      byScript.set(script, (byScript.get(script) ?? 0) + 1);
    }
    const share = (count) => (sampled ? (task.dur / 1000) * (count / sampled) : 0);
    const top = (map, count, scale = (value) => value) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, value]) => ({ name, ms: scale(value) }));
    tasks.push({
      at: (task.ts - navigationStart) / 1000,
      duration: task.dur / 1000,
      long,
      harness,
      byKind,
      work: top(byWork, 6),
      frames: top(byFrame, 6, share),
      scripts: top(byScript, 4, share),
    });
  }
  return tasks;
}

/** The main thread's time by kind of work, over the tasks that ran (partly) between `from` and `to` ms. */
function busyBetween(tasks, from, to) {
  const byKind = new Map();
  let total = 0;
  for (const task of tasks) {
    if (task.harness || task.at + task.duration <= from || task.at >= to) continue;
    total += task.duration;
    for (const [kind, value] of task.byKind) byKind.set(kind, (byKind.get(kind) ?? 0) + value);
  }
  const parts = [...byKind]
    .filter(([, value]) => value >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, value]) => `${kind} ${ms(value)}`);
  return `${ms(total)} (${parts.join(', ') || 'nothing'})`;
}

/** The trace's screen frames closest before each step, as [step ms, JPEG bytes]. */
function screenFrames(events, navigationStart) {
  const shots = events
    .filter((event) => event.name === 'Screenshot' && event.args?.snapshot)
    .sort((a, b) => a.ts - b.ts);
  const chosen = [];
  for (let step = SCREENSHOT_STEP_MS; step <= SCREENSHOT_UNTIL_MS; step += SCREENSHOT_STEP_MS) {
    const shot = shots.findLast((event) => event.ts <= navigationStart + step * 1000);
    chosen.push([step, shot ? Buffer.from(shot.args.snapshot, 'base64') : null]);
  }
  return chosen;
}

/** The first paint events of the trace, in ms after the navigation started. */
function paintMarks(events, { pid, navigationStart }) {
  const first = (name) =>
    events.find((event) => event.name === name && event.pid === pid && event.ts >= navigationStart);
  const at = (event) => (event ? (event.ts - navigationStart) / 1000 : null);
  return {
    firstPaint: at(first('firstPaint')),
    firstContentfulPaint: at(first('firstContentfulPaint')),
    largestContentfulPaint: at(
      events.findLast(
        (event) =>
          event.name === 'largestContentfulPaint::Candidate' &&
          event.pid === pid &&
          event.ts >= navigationStart,
      ),
    ),
  };
}

async function tracePage(browser, { label, url, cookies }) {
  const slug = label
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const pageDir = path.join(outDir, slug);
  mkdirSync(pageDir, { recursive: true });
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  });
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
  const page = await context.newPage();
  await page.addInitScript(observeLargestPaint);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  await browser.startTracing(page, { screenshots: true, categories: traceCategories });
  const response = await page.goto(`${base}${url}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(AFTER_LOAD_MS);
  const seen = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      initiatorType: entry.initiatorType,
      startTime: entry.startTime,
      responseEnd: entry.responseEnd,
      encodedBodySize: entry.encodedBodySize,
      decodedBodySize: entry.decodedBodySize,
      renderBlockingStatus: entry.renderBlockingStatus,
    }));
    const [navigation] = performance.getEntriesByType('navigation');
    return {
      largestPaints: window.__largestPaints,
      resources,
      document: {
        responseStart: navigation.responseStart,
        responseEnd: navigation.responseEnd,
        encodedBodySize: navigation.encodedBodySize,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        load: navigation.loadEventEnd,
      },
      finalPath: location.pathname,
    };
  });
  const trace = await browser.stopTracing();
  await context.close();
  writeFileSync(path.join(pageDir, 'trace.json'), trace);

  const { traceEvents: events } = JSON.parse(trace.toString('utf8'));
  const thread = mainThreadOf(events, `${base}${url}`);
  console.log(`\n## ${label} (${url}), answered ${response?.status()}, ended at ${seen.finalPath}\n`);
  if (thread.tid === undefined || thread.navigationStart === undefined) {
    console.log('(the trace holds no main thread for this page)');
    return;
  }
  const marks = paintMarks(events, thread);
  const documentLine = `document: first byte ${ms(seen.document.responseStart)}, whole ${ms(seen.document.responseEnd)} (${kb(seen.document.encodedBodySize)} on the wire)`;
  console.log(
    `${documentLine}; first paint ${ms(marks.firstPaint ?? 0)}, first contentful paint ${ms(marks.firstContentfulPaint ?? 0)}, DOMContentLoaded ${ms(seen.document.domContentLoaded)}, load ${ms(seen.document.load)}`,
  );

  const tasks = mainThreadTasks(events, thread);
  const long = tasks.filter((task) => task.long);
  const blocking = long
    .filter((task) => !task.harness)
    .reduce((sum, task) => sum + task.duration - LONG_TASK_MS, 0);
  console.log(
    `\nMain thread until ${ms(seen.document.load + AFTER_LOAD_MS)}: ${busyBetween(tasks, 0, seen.document.load + AFTER_LOAD_MS)}`,
  );
  console.log(
    `\nLong tasks (> ${LONG_TASK_MS} ms, CPU ${CPU_SLOWDOWN}x slower): ${long.length}, ${ms(blocking)} over ${LONG_TASK_MS} ms in all but the marked ones`,
  );
  for (const task of long) {
    const mark = task.harness
      ? " [measuring: the blank page's unload, this script's observer or Playwright's helpers ran in it]"
      : '';
    console.log(`- at ${ms(task.at)}, ${ms(task.duration)}${mark}`);
    console.log(
      `  work: ${task.work.map((item) => `${item.name} ${ms(item.ms)}`).join('; ') || '(none recorded)'}`,
    );
    console.log(
      `  scripts (sampled self time): ${task.scripts.map((item) => `${item.name} ${ms(item.ms)}`).join('; ')}`,
    );
    for (const frame of task.frames) console.log(`    ${ms(frame.ms).padStart(7)}  ${frame.name}`);
  }

  const largest = seen.largestPaints.at(-1);
  console.log('\nLargest contentful paint');
  if (!largest) {
    console.log('(none reported)');
  } else {
    const what = `<${largest.tag}${largest.id ? ` id="${largest.id}"` : ''}${largest.className ? ` class="${largest.className.slice(0, 80)}"` : ''}>`;
    console.log(
      `- element ${what}${largest.url ? ` src ${short(largest.url)}` : ` text "${largest.text}"`}${largest.loading ? ` loading=${largest.loading}` : ''}${largest.fetchPriority ? ` fetchpriority=${largest.fetchPriority}` : ''}, ${largest.size} px²`,
    );
    const picture = largest.url ? seen.resources.find((entry) => entry.name === largest.url) : null;
    if (picture) {
      console.log(
        `- its picture asked for at ${ms(picture.startTime)}, arrived at ${ms(picture.responseEnd)} (${kb(picture.encodedBodySize)}, as ${picture.initiatorType})`,
      );
    }
    console.log(
      `- painted at ${ms(largest.startTime)} (trace: ${marks.largestContentfulPaint === null ? '?' : ms(marks.largestContentfulPaint)}); candidates before it: ${
        seen.largestPaints
          .slice(0, -1)
          .map((entry) => `<${entry.tag}> ${ms(entry.startTime)}`)
          .join(', ') || 'none'
      }`,
    );
  }
  const blockers = seen.resources.filter((entry) => entry.renderBlockingStatus === 'blocking');
  console.log(
    `- render-blocking files: ${blockers.map((entry) => `${short(entry.name)} (asked ${ms(entry.startTime)}, arrived ${ms(entry.responseEnd)})`).join(', ') || 'none'}`,
  );
  if (largest) {
    const ready = Math.max(seen.document.responseEnd, ...blockers.map((entry) => entry.responseEnd));
    console.log(
      `- main thread from the last of the document and its render-blocking files (${ms(ready)}) to the paint (${ms(largest.startTime)}): ${busyBetween(tasks, ready, largest.startTime)}`,
    );
  }

  const scripts = seen.resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
  const wire = scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  const decoded = scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0);
  console.log(`\nJavaScript: ${scripts.length} files, ${kb(wire)} on the wire, ${kb(decoded)} unpacked`);
  for (const entry of [...scripts].sort((a, b) => b.decodedBodySize - a.decodedBodySize)) {
    console.log(
      `- ${short(entry.name)}: ${kb(entry.encodedBodySize)} (${kb(entry.decodedBodySize)} unpacked), asked ${ms(entry.startTime)}, arrived ${ms(entry.responseEnd)}`,
    );
  }
  const others = seen.resources.filter((entry) => !new URL(entry.name).pathname.endsWith('.js'));
  console.log(
    `Other files: ${others.map((entry) => `${short(entry.name)} ${kb(entry.encodedBodySize)} (${ms(entry.startTime)}–${ms(entry.responseEnd)})`).join(', ') || 'none'}`,
  );

  const frames = screenFrames(events, thread.navigationStart);
  for (const [step, jpeg] of frames) {
    if (jpeg) writeFileSync(path.join(pageDir, `${String(step).padStart(4, '0')}ms.jpg`), jpeg);
  }
  console.log(
    `\nScreens at ${frames
      .filter(([, jpeg]) => jpeg)
      .map(([step]) => `${step / 1000} s`)
      .join(', ')} in ${pageDir}`,
  );
}

try {
  const sample = await (await fetch(`${base}/api/products?per_page=1&sort=popular`)).json();
  const productPath = `/en/products/${sample.data[0].slug}`;
  // A registered, verified member who accepted the cookie banner, as `npm run bench` signs in.
  const member = await signedInVisitor(base, dataDir);
  const memberCookies = [
    { name: 'cookie_consent', value: 'all' },
    ...member
      .cookieHeader()
      .split('; ')
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) })),
  ];
  const pages = [
    { label: 'home', url: '/en', cookies: [] },
    { label: 'product list', url: '/en/products', cookies: [] },
    { label: 'product page', url: productPath, cookies: [] },
    { label: 'home signed in', url: '/en', cookies: memberCookies },
    { label: 'cart signed in', url: '/en/cart', cookies: memberCookies },
    { label: 'orders signed in', url: '/en/dashboard/orders', cookies: memberCookies },
    { label: 'wallet signed in', url: '/en/dashboard/wallet', cookies: memberCookies },
    { label: 'deposit form signed in', url: '/en/dashboard/deposits/create', cookies: memberCookies },
  ].filter((page) => !options.only || page.label.includes(options.only));
  const browser = await playwright.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const page of pages) {
      const cookie = page.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      await (await fetch(`${base}${page.url}`, { headers: cookie ? { cookie } : {} })).arrayBuffer();
      await tracePage(browser, page);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server?.stop();
}
