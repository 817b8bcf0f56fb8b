import { type AdminSettingsAnswer, DOWNLOAD_FORMATS } from '@promptmarket/contracts/admin-content';
import type { FormEvent } from 'react';
import { redirect } from 'react-router';
import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { adminMeta } from '../../../features/admin/admin-meta';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { getSettings, updateSettings } from '../../../features/admin/api';
import { boxClass, ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.settings');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The texts' search was once on this address (`?words=de&find=…`): such a link goes on to the texts.
  const { search, searchParams } = new URL(request.url);
  if (searchParams.has('words') || searchParams.has('find')) {
    throw redirect(`${paths.admin(params.locale, 'content')}/texts${search}`);
  }
  const settings = await getSettings(serverApi(request, context, params.locale, true)).catch(() => null);
  return { settings: settings?.payload ?? null };
}

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

/** The shop's settings: registration, money, receipts, downloads and the texts per language. */
export default function ContentSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  return (
    <ContentPanel id="content-settings" title={t('admin.content.settings')}>
      {settings ? <SettingsForm settings={settings as AdminSettingsAnswer} /> : null}
    </ContentPanel>
  );
}
