import { adminCurrencyCreate, adminCurrencyUpdate } from '@promptmarket/contracts/admin-content';
import { adminMeta } from '../../../features/admin/admin-meta';
import { createCurrency, getCurrencies, updateCurrency } from '../../../features/admin/api';
import { CodeRows } from '../../../features/admin/code-rows';
import { ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { useTranslation } from '../../../lib/i18n';
import type { Route } from './+types/currencies';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.currencies');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const currencies = await getCurrencies(serverApi(request, context, params.locale, true)).catch(() => null);
  return { currencies: currencies?.payload ?? null };
}

function Currencies({
  currencies,
}: {
  currencies: { code: string; symbol: string; rate: string; active: boolean }[];
}) {
  const { t } = useTranslation();
  return (
    <CodeRows
      records={currencies}
      fields={[
        {
          name: 'symbol',
          label: t('admin.content.symbol'),
          rowWidth: 'w-20',
          addWidth: 'w-24',
          maxLength: 8,
        },
        {
          name: 'rate',
          label: t('admin.content.ratePerEur'),
          rowWidth: 'w-36',
          addWidth: 'w-40',
          inputMode: 'decimal',
        },
      ]}
      updateSchema={adminCurrencyUpdate}
      update={updateCurrency}
      add={{
        id: 'add-currency',
        title: t('admin.currencies.add'),
        codeLabel: t('admin.currencies.code'),
        codeMaxLength: 3,
        codeAutoCapitalize: 'characters',
        schema: adminCurrencyCreate,
        create: createCurrency,
      }}
    />
  );
}

/** The currencies prices are shown in, with their rates. */
export default function ContentCurrencies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { currencies } = loaderData;
  return (
    <ContentPanel id="content-currencies" title={t('admin.content.currencies')}>
      {currencies ? <Currencies currencies={currencies} /> : null}
    </ContentPanel>
  );
}
