/** Content codings the server keeps answers in, in the order it prefers them. */
export type KeptEncoding = 'br' | 'gzip';

/**
 * The first of `offered` that an Accept-Encoding header takes: named without `q=0`, or covered by
 * `*` when not named. Undefined when it takes none of them (send the answer as it is).
 */
export function preferredEncoding<Encoding extends KeptEncoding | 'zstd'>(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[],
): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return offered.find((coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0);
}
