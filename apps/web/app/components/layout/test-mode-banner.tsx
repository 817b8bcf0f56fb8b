import { useTranslation } from '../../lib/i18n';

/**
 * The line at the top of every page while payments go through the sandbox provider (settings'
 * `payments_test_mode`): nobody should take the shop's Pay button for real money. Plain markup,
 * the same for every visitor, so it is part of cached pages and costs no script.
 */
export function TestModeBanner({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <div role="status" className="bg-amber-300 px-4 py-1.5 text-center text-sm font-medium text-ink-900">
      {t('testMode.banner')}
    </div>
  );
}
