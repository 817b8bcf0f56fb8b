export type Messages = { [key: string]: string | Messages };

/** Where a language's validation texts stand among its texts (`validation.<key>`). */
export const VALIDATION = 'validation';

function isBranch(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep-merges texts; `extra` may be nested or use dotted keys (`footer.support`), as
 * the words endpoint sends them. Neither input is changed.
 */
export function mergeMessages(base: Messages, extra: Messages | Record<string, string>): Messages {
  const result: Messages = structuredClone(base);
  for (const [key, value] of Object.entries(extra)) {
    const path = key.split('.');
    const last = path.pop();
    if (!last) continue;
    let node = result;
    for (const part of path) {
      const next = node[part];
      if (!isBranch(next)) node[part] = {};
      node = node[part] as Messages;
    }
    const current = node[last];
    node[last] = isBranch(value) && isBranch(current) ? mergeMessages(current, value) : value;
  }
  return result;
}
