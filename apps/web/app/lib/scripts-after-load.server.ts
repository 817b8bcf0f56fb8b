const MODULE_PRELOAD = '<link rel="modulepreload"';
const HELD_PRELOAD = '<link data-held-modulepreload=""';
const HEAD_END = '</head>';

/**
 * Run on `load`, once the page has been shown (its first contentful paint): the held module
 * script is put back as a module script, which starts React Router and hydration; then each held
 * preload becomes a module preload again, one per task. Every new preload sends its request at
 * once, from the page's thread; all of them in the load handler would make one long task, which
 * a phone's slower processor would feel as a blocked page.
 *
 * Why wait for the paint: on a busy phone the page can have loaded before its first frame is on
 * the screen, and Chromium then holds that frame until the page's thread is free again; started
 * at `load`, hydration would keep the thread busy and the first paint would wait for it. A
 * browser without paint timing starts at `load`; one that reports no paint starts a second later.
 */
const START_AFTER_LOAD =
  "addEventListener('load',function(){var started=false;function start(){if(started)return;started=true;" +
  'var held=document.querySelector(\'script[type="text/held-module"]\');if(held){' +
  "var script=document.createElement('script');script.type='module';script.nonce=NONCE;script.textContent=held.textContent;held.replaceWith(script)}" +
  "document.querySelectorAll('link[data-held-modulepreload]').forEach(function(preload){setTimeout(function(){" +
  "var link=document.createElement('link');link.rel='modulepreload';link.href=preload.getAttribute('href');document.head.appendChild(link)})})}" +
  "var P=typeof PerformanceObserver==='function'?PerformanceObserver:null;" +
  "if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){start();return}" +
  "new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();start()}})" +
  ".observe({type:'paint',buffered:true});setTimeout(start,1000)" +
  '},{once:true});';

/**
 * Holds the page's scripts until the page has loaded (decision 0019). The server's HTML is the
 * page; the scripts only make it interactive. On a slow phone connection the stylesheet and the
 * first pictures should not share the line with the page's scripts, so React Router's module
 * preloads and its module script are written inert, and a small script at the end of the head,
 * under the response's nonce, brings them to life on the window's `load` event.
 *
 * React Router writes these tags itself (and React hoists the preloads into the head), so they
 * are rewritten in the finished page, byte for byte: the rest of it, UTF-8 included, comes out
 * exactly as it went in.
 */
export function holdScriptsUntilLoad(page: Buffer, nonce: string): Buffer {
  const starter = `<script nonce="${nonce}">${START_AFTER_LOAD.replace('NONCE', JSON.stringify(nonce))}</script>${HEAD_END}`;
  // Found in the bytes (the page is not turned into a string and back for a few tags), in order.
  const edits: { at: number; length: number; text: string }[] = [];
  const each = (tag: string, text: string) => {
    for (let at = page.indexOf(tag); at !== -1; at = page.indexOf(tag, at + tag.length)) {
      edits.push({ at, length: tag.length, text });
    }
  };
  each(MODULE_PRELOAD, HELD_PRELOAD);
  each(
    `<script nonce="${nonce}" type="module" async="">`,
    `<script nonce="${nonce}" type="text/held-module">`,
  );
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd !== -1) edits.push({ at: headEnd, length: HEAD_END.length, text: starter });
  edits.sort((first, second) => first.at - second.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, length, text } of edits) {
    parts.push(page.subarray(from, at), Buffer.from(text, 'latin1'));
    from = at + length;
  }
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}
