import { Transform, type TransformCallback } from 'node:stream';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const HELD_PRELOAD = '<link data-held-modulepreload=""';
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/g;
const HELD_SCRIPT = '<script nonce="$1" type="text/held-module">';
const HEAD_END = '</head>';

/**
 * Run on `load`, once the page has been shown (its first contentful paint): the held module
 * script is put back as a module script, which starts React Router and hydration; then each held
 * preload becomes a module preload again, one per task. Every new preload sends its request at
 * once, from the page's thread; eighteen of them in the load handler made one task of 10-40 ms,
 * which a phone's slower processor would feel as a blocked page.
 *
 * Why wait for the paint: on a busy phone the page can have loaded before its first frame is on
 * the screen, and Chromium then holds that frame until the page's thread is free again; started
 * at `load`, hydration kept it busy and the first paint came up to a second late. A browser
 * without paint timing starts at `load`; one that reports no paint starts a second later.
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
 * first pictures should not share the line with 120 KB of scripts, so React Router's module
 * preloads and its module script are written inert, and a small script at the end of the head,
 * under the response's nonce, brings them to life on the window's `load` event.
 *
 * React Router writes these tags itself (and React hoists the preloads into the head), so they
 * are rewritten in the stream. A tag is never cut in two: the text from an unclosed `<` is kept
 * back until the next chunk. The text is read byte for byte (latin1), so UTF-8 split across
 * chunks comes out exactly as it went in.
 */
export function scriptsAfterLoad(nonce: string): Transform {
  const starter = `<script nonce="${nonce}">${START_AFTER_LOAD.replace('NONCE', JSON.stringify(nonce))}</script>${HEAD_END}`;
  let pending = '';
  let headDone = false;
  const rewrite = (text: string) => {
    let html = text.replaceAll(MODULE_PRELOAD, HELD_PRELOAD).replace(MODULE_SCRIPT, HELD_SCRIPT);
    if (!headDone && html.includes(HEAD_END)) {
      headDone = true;
      html = html.replace(HEAD_END, starter);
    }
    return Buffer.from(html, 'latin1');
  };

  return new Transform({
    transform(this: Transform, chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      pending += chunk.toString('latin1');
      const cut = openTagAt(pending);
      if (cut > 0) this.push(rewrite(pending.slice(0, cut)));
      pending = pending.slice(cut);
      callback();
    },
    flush(this: Transform, callback: TransformCallback) {
      if (pending) this.push(rewrite(pending));
      callback();
    },
  });
}

/** Where a tag that has not closed yet begins (the text's length when there is none). */
function openTagAt(text: string): number {
  const lastOpen = text.lastIndexOf('<');
  return lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length;
}
