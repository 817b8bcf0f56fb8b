import {
  type AdminReportTotal,
  type AdminSalesReport,
  type ExportKind,
  exportKinds,
  exportLanguages,
  type ReportSeries,
  reportPeriods,
  reportSeries,
} from '@promptmarket/contracts/admin-reports';
import { useId } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { adminMeta } from '../../features/admin/admin-meta';
import { exportUrl, getSalesReport } from '../../features/admin/reports-api';
import { SalesChart } from '../../features/admin/sales-chart';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatAmount, formatInCurrency } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/reports';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.reports');

/** The names of the languages an export can be written in, each in its own language. */
const languageNames: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pl: 'Polski',
};

function choice<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of ['period', 'from', 'to']) {
    const value = url.searchParams.get(name)?.trim().slice(0, 20);
    if (value) query.set(name, value);
  }
  const view = {
    unit: choice(url.searchParams.get('unit'), ['credits', 'eur'] as const, 'credits'),
    lang: choice(url.searchParams.get('lang'), exportLanguages, choice(params.locale, exportLanguages, 'en')),
    asked: Object.fromEntries(query) as Record<string, string>,
  };
  try {
    const { payload } = await getSalesReport(serverApi(request, context, params.locale, true), query);
    return { ...view, report: payload as AdminSalesReport | null, errors: null };
  } catch (caught) {
    if (caught instanceof ApiError && caught.errors) {
      return { ...view, report: null, errors: caught.errors as Record<string, string[]> };
    }
    return { ...view, report: null, errors: null };
  }
}

/**
 * Sales at a glance: deposits, sales, generations and payouts per day, week or month, in credits
 * or in EUR, the chosen period against the one before, and the period's records as CSV files in
 * the language the operator's spreadsheet reads.
 */
export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { report, errors, unit, lang, asked } = loaderData;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // A new period is being read: the figures shown are the old ones until it comes.
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const ids = { period: useId(), from: useId(), to: useId(), unit: useId(), lang: useId() };
  const credits = (amount: number) =>
    formatCredits(centsFromDecimal(amount), locale, settings.internal_currency_name, t);
  const eur = (amount: number) => formatInCurrency(centsFromDecimal(amount), { symbol: '€' }, locale);
  const day = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const shown = (total: { amount: number; amount_eur: number }) =>
    unit === 'eur' ? eur(total.amount_eur) : credits(total.amount);
  const change = (total: AdminReportTotal) => {
    if (total.change_percent === null) return t('admin.reports.noPrevious');
    const sign = total.change_percent > 0 ? '+' : total.change_percent < 0 ? '−' : '±';
    return `${sign}${formatAmount(Math.round(Math.abs(total.change_percent) * 100), locale)} %`;
  };
  const fieldError = (name: string) => errors?.[name]?.[0];
  const period = report?.period ?? choice(asked.period ?? null, reportPeriods, 'day');
  const from = report?.from ?? asked.from ?? '';
  const to = report?.to ?? asked.to ?? '';
  const inputClass = 'block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
  const labelClass = 'mb-1 block text-xs font-medium text-slate-700';
  return (
    <section aria-labelledby="admin-reports-title" className="space-y-6">
      <h2 id="admin-reports-title" className="text-lg font-semibold text-slate-900">
        {t('admin.reports.title')}
      </h2>
      <Form method="get" className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div>
          <label htmlFor={ids.period} className={labelClass}>
            {t('admin.reports.period')}
          </label>
          <select id={ids.period} name="period" defaultValue={period} className={inputClass}>
            {reportPeriods.map((item) => (
              <option key={item} value={item}>
                {t(`admin.reports.periods.${item}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.unit} className={labelClass}>
            {t('admin.reports.unit')}
          </label>
          <select id={ids.unit} name="unit" defaultValue={unit} className={inputClass}>
            <option value="credits">{settings.internal_currency_name}</option>
            <option value="eur">EUR</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.from} className={labelClass}>
            {t('admin.reports.from')}
          </label>
          <input
            id={ids.from}
            name="from"
            type="date"
            defaultValue={from}
            aria-invalid={fieldError('from') ? true : undefined}
            aria-describedby={fieldError('from') ? `${ids.from}-error` : undefined}
            className={inputClass}
          />
          {fieldError('from') ? (
            <p id={`${ids.from}-error`} className="mt-1 text-xs text-red-700">
              {fieldError('from')}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.to} className={labelClass}>
            {t('admin.reports.to')}
          </label>
          <input
            id={ids.to}
            name="to"
            type="date"
            defaultValue={to}
            aria-invalid={fieldError('to') ? true : undefined}
            aria-describedby={fieldError('to') ? `${ids.to}-error` : undefined}
            className={inputClass}
          />
          {fieldError('to') ? (
            <p id={`${ids.to}-error`} className="mt-1 text-xs text-red-700">
              {fieldError('to')}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.lang} className={labelClass}>
            {t('admin.reports.language')}
          </label>
          <select id={ids.lang} name="lang" defaultValue={lang} className={inputClass}>
            {exportLanguages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageNames[code]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <button type="submit" className={buttonStyles.primary}>
            {t('admin.reports.show')}
          </button>
        </div>
      </Form>

      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          {t('admin.reports.loading')}
        </p>
      ) : null}
      {report ? (
        <div aria-busy={loading} className={loading ? 'space-y-6 opacity-60' : 'space-y-6'}>
          <p className="text-sm text-slate-600">
            {t('admin.reports.comparing', {
              from: day(report.from),
              to: day(report.to),
              previousFrom: day(report.previous.from),
              previousTo: day(report.previous.to),
            })}{' '}
            {t('admin.reports.rate', {
              rate: new Intl.NumberFormat(locale, {
                minimumFractionDigits: 2,
                maximumFractionDigits: 8,
              }).format(Number(report.internal_currency_rate_eur)),
            })}
          </p>
          {reportSeries.every((series) => report.totals[series].count === 0) ? (
            <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
              {t('admin.reports.empty')}
            </p>
          ) : null}
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {reportSeries.map((series) => {
              const total = report.totals[series];
              return (
                <li key={series} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <p className="text-sm font-medium text-slate-600">{t(`admin.reports.series.${series}`)}</p>
                  <p className="mt-1 text-xl font-semibold text-slate-900" data-total={series}>
                    {shown(total)}
                  </p>
                  <p className="text-xs text-slate-500">{t('admin.reports.count', { count: total.count })}</p>
                  <p className="mt-2 text-xs text-slate-600">
                    <span
                      className={
                        total.change_percent === null
                          ? ''
                          : total.change_percent >= 0
                            ? 'font-semibold text-emerald-700'
                            : 'font-semibold text-red-700'
                      }
                    >
                      {change(total)}
                    </span>{' '}
                    {t('admin.reports.previousTotal', { amount: shown(total.previous) })}
                  </p>
                </li>
              );
            })}
          </ul>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {reportSeries.map((series: ReportSeries) => {
              const title = t('admin.reports.chartTitle', {
                series: t(`admin.reports.series.${series}`),
                period: t(`admin.reports.per.${report.period}`),
              });
              return (
                <SalesChart
                  key={series}
                  buckets={report.series[series]}
                  unit={unit}
                  texts={{
                    title,
                    summary: t('admin.reports.summary', {
                      title,
                      from: day(report.from),
                      to: day(report.to),
                      total: shown(report.totals[series]),
                    }),
                    showNumbers: t('admin.reports.showNumbers'),
                    head: {
                      start: t(`admin.reports.bucket.${report.period}`),
                      count: t('admin.reports.head.count'),
                      credits: settings.internal_currency_name,
                      eur: 'EUR',
                    },
                    credits,
                    eur,
                    day,
                  }}
                />
              );
            })}
          </div>
        </div>
      ) : errors ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t('admin.reports.invalid')}
        </p>
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t('admin.failed')}
        </p>
      )}

      <section aria-labelledby="admin-exports-title" className="space-y-3">
        <h3 id="admin-exports-title" className="text-base font-semibold text-slate-900">
          {t('admin.reports.exports')}
        </h3>
        <p className="text-sm text-slate-600">
          {t('admin.reports.exportsIntro', {
            from: from ? day(from) : '',
            to: to ? day(to) : '',
            language: languageNames[lang] ?? lang,
          })}
        </p>
        <ul className="flex flex-wrap gap-2">
          {exportKinds.map((kind: ExportKind) => (
            <li key={kind}>
              <a
                href={exportUrl(kind, { from: from || undefined, to: to || undefined, lang })}
                download
                className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t('admin.reports.download', { kind: t(`admin.reports.kinds.${kind}`) })}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
