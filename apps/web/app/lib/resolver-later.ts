import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/**
 * A form's resolver whose schema (zod and the contract) is fetched for the form's first check, not
 * with the page (decision 0059). `prepare` starts the download early, when the visitor reaches the
 * form; a failed download is asked for again at the next check.
 */
export function resolverLater<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  const resolver = loadOnce(load);
  const check: Resolver<T> = (values, context, options) =>
    resolver.load().then((resolve) => resolve(values, context, options));
  return {
    resolver: check,
    prepare: () => {
      resolver.load().catch(() => {});
    },
  };
}
