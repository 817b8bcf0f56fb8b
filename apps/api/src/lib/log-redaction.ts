/** Query parameters that hold secrets (reset tokens, signatures of mailed links) or who they are for. */
const SECRET_PARAMETERS = new Set(['token', 'signature', 'hash', 'expires', 'email', 'password']);

/**
 * A request URL fit for the logs: the value of every secret query parameter becomes
 * `[redacted]`, so a reset or verification link someone opened cannot be replayed from the logs.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const rawName = separator === -1 ? pair : pair.slice(0, separator);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape is logged as it came, name and all; its value still goes.
        return `${rawName}=[redacted]`;
      }
      return SECRET_PARAMETERS.has(name.trim().toLowerCase()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}
