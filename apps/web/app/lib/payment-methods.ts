import type { Translate } from './i18n';

/**
 * A way to pay named in the page's language (`deposit.methodNames.<type>`); the provider's own
 * name, which is English, only for a type the shop has no text for.
 */
export function paymentMethodName(t: Translate, method: { type: string; name?: string }): string {
  const key = `deposit.methodNames.${method.type}`;
  const named = t(key);
  return named === key ? (method.name ?? method.type) : named;
}
