import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { adminMeta } from '../../../features/admin/admin-meta';
import { Table } from '../../../features/admin/admin-table';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { createCurrency, getCurrencies, updateCurrency } from '../../../features/admin/api';
import { ContentPanel, inlineBox } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { useTranslation } from '../../../lib/i18n';
import { useApi } from '../../../lib/use-api';
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
  const api = useApi();
  const { notice, errors, busy, save } = useAdminSave();
  return (
    <>
      <NoticeBar notice={notice} />
      <Table
        head={[
          t('admin.content.code'),
          t('admin.content.symbol'),
          t('admin.content.ratePerEur'),
          t('admin.content.active'),
          { hidden: t('admin.offers.actions') },
        ]}
      >
        {currencies.map((currency) => (
          <tr key={currency.code}>
            <td className="px-4 py-3 font-medium">{currency.code}</td>
            <td colSpan={4} className="px-4 py-2">
              <form
                className="flex flex-wrap items-center gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  void save(() =>
                    updateCurrency(api, currency.code, {
                      symbol: String(form.get('symbol') ?? '').trim(),
                      rate: String(form.get('rate') ?? '').trim(),
                      active: form.get('active') === 'on',
                    }),
                  );
                }}
              >
                <input
                  aria-label={`${t('admin.content.symbol')} ${currency.code}`}
                  name="symbol"
                  defaultValue={currency.symbol}
                  className={`${inlineBox} w-20`}
                />
                <input
                  aria-label={`${t('admin.content.ratePerEur')} ${currency.code}`}
                  name="rate"
                  inputMode="decimal"
                  defaultValue={currency.rate}
                  className={`${inlineBox} w-36`}
                />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={currency.active} />
                  {t('admin.content.active')}
                </label>
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold hover:bg-slate-50"
                >
                  {t('admin.catalogue.save')}
                </button>
              </form>
            </td>
          </tr>
        ))}
      </Table>
      <form
        noValidate
        aria-labelledby="add-currency-title"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          void save(() =>
            createCurrency(api, {
              code: String(data.get('code') ?? '').trim(),
              symbol: String(data.get('symbol') ?? '').trim(),
              rate: String(data.get('rate') ?? '').trim(),
            }),
          ).then((ok) => ok && form.reset());
        }}
      >
        <h3 id="add-currency-title" className="w-full text-sm font-semibold text-slate-900">
          {t('admin.currencies.add')}
        </h3>
        <TextField
          label={t('admin.currencies.code')}
          name="code"
          maxLength={3}
          autoCapitalize="characters"
          className="w-32"
          error={errors.code}
        />
        <TextField
          label={t('admin.content.symbol')}
          name="symbol"
          maxLength={8}
          className="w-24"
          error={errors.symbol}
        />
        <TextField
          label={t('admin.content.ratePerEur')}
          name="rate"
          inputMode="decimal"
          className="w-40"
          error={errors.rate}
        />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.currencies.addButton')}
        </SubmitButton>
      </form>
    </>
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
