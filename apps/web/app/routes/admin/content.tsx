import { type AdminSettingsAnswer, DOWNLOAD_FORMATS } from '@promptmarket/contracts/admin-content';
import type { FormEvent, ReactNode } from 'react';
import { SubmitButton, TextField } from '../../components/ui/form-fields';
import { adminMeta } from '../../features/admin/admin-meta';
import { ConfirmButton, NoticeBar, Table, useAdminSave } from '../../features/admin/admin-ui';
import {
  addSocialLink,
  createCurrency,
  createLanguage,
  deleteSocialLink,
  deleteWord,
  getCurrencies,
  getLanguages,
  getPages,
  getSettings,
  getSocialLinks,
  getWords,
  updateCurrency,
  updateLanguage,
  updatePage,
  updateSettings,
  updateWord,
} from '../../features/admin/api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { type FoundText, findTexts } from '../../lib/text-search.server';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/content';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.content');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const wordsLocale = /^[a-z]{2}$/.test(url.searchParams.get('words') ?? '')
    ? (url.searchParams.get('words') as string)
    : params.locale;
  // A text to change is found by its wording (or its key), never typed as a key by hand.
  const find = (url.searchParams.get('find') ?? '').trim().slice(0, 100);
  const api = serverApi(request, context, params.locale, true);
  const [settings, currencies, languages, words, pages, links] = await Promise.allSettled([
    getSettings(api),
    getCurrencies(api),
    getLanguages(api),
    getWords(api, wordsLocale),
    getPages(api),
    getSocialLinks(api),
  ]);
  const value = <T,>(result: PromiseSettledResult<{ payload: T }>) =>
    result.status === 'fulfilled' ? result.value.payload : null;
  return {
    settings: value(settings) as AdminSettingsAnswer | null,
    currencies: value(currencies),
    languages: value(languages),
    words: value(words),
    wordsLocale,
    find,
    found: find
      ? findTexts(
          wordsLocale,
          find,
          Object.fromEntries((value(words) ?? []).map((word) => [word.key, word.value])),
        )
      : null,
    pages: value(pages),
    links: value(links),
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const boxClass = 'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm';
const inlineBox = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

function SettingsForm({ settings }: { settings: AdminSettingsAnswer }) {
  const { t } = useTranslation();
  const api = useApi();
  const { languages } = useSite();
  const { notice, errors, busy, save } = useAdminSave();
  const codes = languages.map((language) => language.code);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const perLanguage = (prefix: string) =>
      Object.fromEntries(codes.map((code) => [code, text(`${prefix}_${code}`)]).filter(([, value]) => value));
    void save(() =>
      updateSettings(api, {
        is_reg_enabled: form.get('is_reg_enabled') === 'on',
        is_email_verification_enabled: form.get('is_email_verification_enabled') === 'on',
        internal_currency_rate_eur: text('internal_currency_rate_eur'),
        support_email: text('support_email'),
        company_phone: text('company_phone') || null,
        formats: form
          .getAll('formats')
          .map(String)
          .filter((format): format is (typeof DOWNLOAD_FORMATS)[number] =>
            (DOWNLOAD_FORMATS as readonly string[]).includes(format),
          ),
        sizes: text('sizes')
          .split(/[\s,]+/)
          .filter(Boolean),
        image_generation_cost_eur: text('image_generation_cost_eur'),
        min_deposit_eur: text('min_deposit_eur'),
        shop_legal_name: text('shop_legal_name'),
        shop_address: text('shop_address'),
        shop_vat_id: text('shop_vat_id') || null,
        vat_rate_percent: text('vat_rate_percent'),
        texts: { copyright: perLanguage('copyright'), internal_currency_name: perLanguage('currency_name') },
      }),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {settings.image_engine === 'local' ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('admin.content.demoEngine')}
        </p>
      ) : null}
      <NoticeBar notice={notice} />
      <div className="flex flex-wrap gap-6">
        {(['is_reg_enabled', 'is_email_verification_enabled'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={flag} defaultChecked={settings[flag]} />
            {t(`admin.content.${flag}`)}
          </label>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.content.supportEmail')}
          name="support_email"
          type="email"
          defaultValue={settings.support_email}
          error={errors.support_email}
        />
        <TextField
          label={t('admin.content.phone')}
          name="company_phone"
          defaultValue={settings.company_phone ?? ''}
          error={errors.company_phone}
        />
        <TextField
          label={t('admin.content.rate')}
          name="internal_currency_rate_eur"
          inputMode="decimal"
          defaultValue={settings.internal_currency_rate_eur}
          error={errors.internal_currency_rate_eur}
        />
        <TextField
          label={t('admin.content.minDeposit')}
          name="min_deposit_eur"
          inputMode="decimal"
          defaultValue={settings.min_deposit_eur.toFixed(2)}
          error={errors.min_deposit_eur}
        />
        <TextField
          label={t('admin.content.generationCost')}
          name="image_generation_cost_eur"
          inputMode="decimal"
          defaultValue={settings.image_generation_cost_eur.toFixed(2)}
          error={errors.image_generation_cost_eur}
        />
        <TextField
          label={t('admin.content.sizes')}
          name="sizes"
          defaultValue={settings.sizes.join(', ')}
          error={errors['sizes.0'] ?? errors.sizes}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.content.receipts')}</legend>
        <TextField
          label={t('admin.content.shopLegalName')}
          name="shop_legal_name"
          defaultValue={settings.shop_legal_name}
          error={errors.shop_legal_name}
        />
        <TextField
          label={t('admin.content.shopVatId')}
          name="shop_vat_id"
          defaultValue={settings.shop_vat_id ?? ''}
          error={errors.shop_vat_id}
        />
        <label className="text-sm font-medium text-slate-800">
          {t('admin.content.shopAddress')}
          <textarea
            name="shop_address"
            rows={3}
            defaultValue={settings.shop_address}
            aria-invalid={errors.shop_address ? true : undefined}
            className={`${boxClass} mt-1.5 font-normal`}
          />
          {errors.shop_address ? (
            <span className="mt-1.5 block text-sm font-normal text-red-600">{errors.shop_address}</span>
          ) : null}
        </label>
        <TextField
          label={t('admin.content.vatRate')}
          name="vat_rate_percent"
          inputMode="decimal"
          defaultValue={settings.vat_rate_percent}
          error={errors.vat_rate_percent}
        />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.content.formats')}</legend>
        <div className="flex gap-5">
          {DOWNLOAD_FORMATS.map((format) => (
            <label key={format} className="flex items-center gap-2 text-sm uppercase">
              <input
                type="checkbox"
                name="formats"
                value={format}
                defaultChecked={settings.formats.includes(format)}
              />
              {format}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {languages.map((language) => (
          <div key={language.code} className="space-y-3 rounded-xl border border-slate-200 p-3">
            <p className="text-sm font-semibold text-slate-800">{language.name}</p>
            <TextField
              label={t('admin.content.currencyName')}
              name={`currency_name_${language.code}`}
              defaultValue={settings.texts.internal_currency_name[language.code] ?? ''}
            />
            <TextField
              label={t('admin.content.copyright')}
              name={`copyright_${language.code}`}
              defaultValue={settings.texts.copyright[language.code] ?? ''}
            />
          </div>
        ))}
      </div>
      <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
        {t('admin.catalogue.save')}
      </SubmitButton>
    </form>
  );
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

function Languages({ languages }: { languages: { code: string; name: string; active: boolean }[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, errors, busy, save } = useAdminSave();
  return (
    <>
      <NoticeBar notice={notice} />
      <Table
        head={[
          t('admin.content.code'),
          t('admin.content.languageName'),
          t('admin.content.active'),
          { hidden: t('admin.offers.actions') },
        ]}
      >
        {languages.map((language) => (
          <tr key={language.code}>
            <td className="px-4 py-3 font-medium uppercase">{language.code}</td>
            <td colSpan={3} className="px-4 py-2">
              <form
                className="flex flex-wrap items-center gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  void save(() =>
                    updateLanguage(api, language.code, {
                      name: String(form.get('name') ?? '').trim(),
                      active: form.get('active') === 'on',
                    }),
                  );
                }}
              >
                <input
                  aria-label={`${t('admin.content.languageName')} ${language.code}`}
                  name="name"
                  defaultValue={language.name}
                  className={`${inlineBox} w-40`}
                />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={language.active} />
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
        aria-labelledby="add-language-title"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          void save(() =>
            createLanguage(api, {
              code: String(data.get('code') ?? '').trim(),
              name: String(data.get('name') ?? '').trim(),
            }),
          ).then((ok) => ok && form.reset());
        }}
      >
        <h3 id="add-language-title" className="w-full text-sm font-semibold text-slate-900">
          {t('admin.languages.add')}
        </h3>
        <p className="w-full text-xs text-slate-600">{t('admin.languages.hint')}</p>
        <TextField
          label={t('admin.languages.code')}
          name="code"
          maxLength={2}
          autoCapitalize="none"
          className="w-32"
          error={errors.code}
        />
        <TextField
          label={t('admin.content.languageName')}
          name="name"
          maxLength={40}
          className="w-48"
          error={errors.name}
        />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.currencies.addButton')}
        </SubmitButton>
      </form>
    </>
  );
}

/** One text found: its key, its wording now (and the built-in one when changed), changed here. */
function TextEditor({ text, locale, changed }: { text: FoundText; locale: string; changed: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, errors, busy, save } = useAdminSave();
  const id = `text-${text.key.replaceAll('.', '-')}`;
  return (
    <li className="space-y-2 py-3">
      <form
        noValidate
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('value') ?? '').trim();
          void save(() => updateWord(api, locale, { key: text.key, value }));
        }}
      >
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          <code className="break-all text-xs font-normal text-slate-500">{text.key}</code>
          {changed ? (
            <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
              {t('admin.words.changed')}
            </span>
          ) : null}
        </label>
        <input
          id={id}
          name="value"
          defaultValue={text.current}
          aria-invalid={errors.value ? true : undefined}
          className={boxClass}
        />
        {changed ? (
          <p className="text-xs text-slate-600">{t('admin.words.builtIn', { text: text.builtIn })}</p>
        ) : null}
        <NoticeBar notice={notice} />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.catalogue.save')}
        </SubmitButton>
      </form>
      {changed ? (
        <ConfirmButton
          label={t('admin.content.restore')}
          question={t('admin.content.confirmRestore', { key: text.key })}
          disabled={busy}
          onConfirm={() => save(() => deleteWord(api, locale, text.key))}
        />
      ) : null}
    </li>
  );
}

function Words({
  words,
  locale,
  find,
  found,
  languages,
}: {
  words: { key: string; value: string }[];
  locale: string;
  find: string;
  found: { total: number; found: FoundText[] } | null;
  /** Every language of the shop, those switched off too: a language is translated before it is offered. */
  languages: { code: string; name: string }[];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, busy, save } = useAdminSave();
  const changed = new Set(words.map((word) => word.key));
  return (
    <div className="space-y-4">
      <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1.5 font-medium text-slate-800">
          {t('admin.content.language')}
          <select name="words" defaultValue={locale} className={inlineBox}>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-56 flex-1 flex-col gap-1.5 font-medium text-slate-800">
          {t('admin.words.find')}
          <input name="find" type="search" defaultValue={find} maxLength={100} className={inlineBox} />
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-xs font-semibold">
          {t('admin.content.show')}
        </button>
      </form>
      <p className="text-xs text-slate-600">{t('admin.words.hint')}</p>
      {found ? (
        <div aria-live="polite">
          <p className="text-sm font-medium text-slate-800">
            {found.total === 0
              ? t('admin.words.none')
              : found.total > found.found.length
                ? t('admin.words.more', { count: found.total, shown: found.found.length })
                : t('admin.words.count', { count: found.total })}
          </p>
          <ul className="divide-y divide-slate-100">
            {found.found.map((text) => (
              <TextEditor
                key={`${locale}:${text.key}:${text.current}`}
                text={text}
                locale={locale}
                changed={changed.has(text.key)}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <h3 className="text-sm font-semibold text-slate-900">{t('admin.words.changedTitle')}</h3>
      <NoticeBar notice={notice} />
      {words.length === 0 ? <p className="text-sm text-slate-600">{t('admin.content.noWords')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {words.map((word) => (
          <li key={word.key} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <code className="break-all text-xs text-slate-500">{word.key}</code> — {word.value}
            </span>
            <ConfirmButton
              label={t('admin.content.restore')}
              question={t('admin.content.confirmRestore', { key: word.key })}
              disabled={busy}
              onConfirm={() => save(() => deleteWord(api, locale, word.key))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Pages({
  pages,
}: {
  pages: {
    id: number;
    slug: string;
    published: boolean;
    translations: Record<string, { title: string; body: string }>;
  }[];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { languages } = useSite();
  const { notice, busy, save } = useAdminSave();
  return (
    <div className="space-y-3">
      <NoticeBar notice={notice} />
      {pages.map((page) => (
        <details key={page.id} className="rounded-xl border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold">
            {page.translations.en?.title ?? page.slug}{' '}
            <span className="font-normal text-slate-500">/{page.slug}</span>
          </summary>
          <form
            className="mt-3 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const translations = Object.fromEntries(
                languages
                  .map(
                    (language) =>
                      [
                        language.code,
                        {
                          title: String(form.get(`title_${language.code}`) ?? '').trim(),
                          body: String(form.get(`body_${language.code}`) ?? ''),
                        },
                      ] as const,
                  )
                  .filter(([, text]) => text.title),
              );
              void save(() =>
                updatePage(api, page.id, {
                  published: form.get('published') === 'on',
                  translations,
                }),
              );
            }}
          >
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="published" defaultChecked={page.published} />
              {t('admin.content.published')}
            </label>
            {languages.map((language) => (
              <div key={language.code} className="space-y-2">
                <TextField
                  label={t('admin.catalogue.titleIn', { language: language.name })}
                  name={`title_${language.code}`}
                  defaultValue={page.translations[language.code]?.title ?? ''}
                />
                <label
                  htmlFor={`page-${page.id}-body-${language.code}`}
                  className="block text-sm font-medium text-slate-800"
                >
                  {t('admin.content.bodyIn', { language: language.name })}
                </label>
                <textarea
                  id={`page-${page.id}-body-${language.code}`}
                  name={`body_${language.code}`}
                  rows={5}
                  defaultValue={page.translations[language.code]?.body ?? ''}
                  className={boxClass}
                />
              </div>
            ))}
            <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
              {t('admin.catalogue.save')}
            </SubmitButton>
          </form>
        </details>
      ))}
    </div>
  );
}

function Links({ links }: { links: { id: number; url: string }[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, errors, busy, save } = useAdminSave();
  return (
    <div className="space-y-3">
      <NoticeBar notice={notice} />
      <ul className="divide-y divide-slate-100">
        {links.map((link) => (
          <li key={link.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="break-all">{link.url}</span>
            <ConfirmButton
              label={t('admin.catalogue.delete')}
              question={t('admin.content.confirmLink', { url: link.url })}
              disabled={busy}
              onConfirm={() => save(() => deleteSocialLink(api, link.id))}
            />
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const url = String(new FormData(form).get('url') ?? '').trim();
          void save(() => addSocialLink(api, url)).then((ok) => ok && form.reset());
        }}
      >
        <TextField
          label={t('admin.content.linkUrl')}
          name="url"
          type="url"
          placeholder="https://"
          error={errors.url}
          className="min-w-64 flex-1"
        />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.catalogue.create')}
        </SubmitButton>
      </form>
    </div>
  );
}

/** The site's settings, currencies, texts, static pages and social links. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings, currencies, languages, words, wordsLocale, find, found, pages, links } = loaderData;
  const failed = (
    <p role="alert" className="text-sm text-red-700">
      {t('admin.failed')}
    </p>
  );
  return (
    <div className="space-y-8">
      <Section id="content-settings" title={t('admin.content.settings')}>
        {settings ? <SettingsForm settings={settings} /> : failed}
      </Section>
      <Section id="content-currencies" title={t('admin.content.currencies')}>
        {currencies ? <Currencies currencies={currencies} /> : failed}
      </Section>
      <Section id="content-languages" title={t('admin.content.languages')}>
        {languages ? <Languages languages={languages} /> : failed}
      </Section>
      <Section id="content-words" title={t('admin.content.words')}>
        {words ? (
          <Words words={words} locale={wordsLocale} find={find} found={found} languages={languages ?? []} />
        ) : (
          failed
        )}
      </Section>
      <Section id="content-pages" title={t('admin.content.pages')}>
        {pages ? <Pages pages={pages} /> : failed}
      </Section>
      <Section id="content-links" title={t('admin.content.links')}>
        {links ? <Links links={links} /> : failed}
      </Section>
    </div>
  );
}
