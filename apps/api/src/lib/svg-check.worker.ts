import { parentPort } from 'node:worker_threads';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The worker thread that tells whether a file is an SVG (started by `isSvg` in file-kinds.ts, which
 * stops it once it has answered or taken too long): it is sent the file's text and answers whether
 * it is a well-formed XML document whose one root element is `<svg>`. Parsing a file of megabytes
 * takes long enough to stall every other request, which is why it never runs on the server's
 * event loop (decision 0045).
 *
 * This file imports packages only: it runs as it is under Node (its types stripped) from src/, and
 * as its own bundle from dist/.
 */
const parser = new XMLParser({ ignoreAttributes: true, ignoreDeclaration: true, ignorePiTags: true });

function isSvgText(text: string): boolean {
  if (XMLValidator.validate(text) !== true) return false;
  try {
    const roots = Object.keys(parser.parse(text) as Record<string, unknown>).filter(
      (name) => name !== '#text',
    );
    return roots.length === 1 && (roots[0] === 'svg' || roots[0]?.endsWith(':svg') === true);
  } catch {
    return false;
  }
}

// The worker waits for its next file until it is stopped, rather than end by itself: its answer
// always arrives before its end.
parentPort?.on('message', (text: string) => {
  parentPort?.postMessage(isSvgText(text));
});
