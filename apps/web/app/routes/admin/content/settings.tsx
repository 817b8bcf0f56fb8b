import { type AdminSettingsAnswer, DOWNLOAD_FORMATS } from '@promptmarket/contracts/admin-content';
import { useForm } from 'react-hook-form';
import { redirect } from 'react-router';
import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { TextAreaField } from '../../../features/admin/admin-form';
import { adminMeta } from '../../../features/admin/admin-meta';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { getSettings, updateSettings } from '../../../features/admin/api';
import { firstMessage, sendForm } from '../../../features/admin/content/form-body';
import {
  type SettingsFormValues,
  settingsBody,
  settingsResolver,
} from '../../../features/admin/content/settings-form';
import { ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { fieldError } from '../../../lib/form-errors';
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
  const { notice, busy, save } = useAdminSave();
  // The fields carry the settings in the page's HTML and the form takes them from there when it
  // starts, so a value typed before the page's script has run is kept.
  const { register, handleSubmit, setError, formState } = useForm<SettingsFormValues>({
    resolver: settingsResolver,
  });
  const { errors } = formState;
  const error = (message: string | undefined) => fieldError(message, t);

  const submit = handleSubmit((values) =>
    save(() => sendForm(() => updateSettings(api, settingsBody(values)), values, setError)),
  );
  const formatsError = error(firstMessage(errors.formats));

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
            <input type="checkbox" defaultChecked={settings[flag]} {...register(flag)} />
            {t(`admin.content.${flag}`)}
          </label>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.content.supportEmail')}
          type="email"
          defaultValue={settings.support_email}
          error={error(errors.support_email?.message)}
          {...register('support_email')}
        />
        <TextField
          label={t('admin.content.phone')}
          defaultValue={settings.company_phone ?? ''}
          error={error(errors.company_phone?.message)}
          {...register('company_phone')}
        />
        <TextField
          label={t('admin.content.rate')}
          inputMode="decimal"
          defaultValue={settings.internal_currency_rate_eur}
          error={error(errors.internal_currency_rate_eur?.message)}
          {...register('internal_currency_rate_eur')}
        />
        <TextField
          label={t('admin.content.minDeposit')}
          inputMode="decimal"
          defaultValue={settings.min_deposit_eur.toFixed(2)}
          error={error(errors.min_deposit_eur?.message)}
          {...register('min_deposit_eur')}
        />
        <TextField
          label={t('admin.content.generationCost')}
          inputMode="decimal"
          defaultValue={settings.image_generation_cost_eur.toFixed(2)}
          error={error(errors.image_generation_cost_eur?.message)}
          {...register('image_generation_cost_eur')}
        />
        <TextField
          label={t('admin.content.sizes')}
          defaultValue={settings.sizes.join(', ')}
          error={error(firstMessage(errors.sizes))}
          {...register('sizes')}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.content.receipts')}</legend>
        <TextField
          label={t('admin.content.shopLegalName')}
          defaultValue={settings.shop_legal_name}
          error={error(errors.shop_legal_name?.message)}
          {...register('shop_legal_name')}
        />
        <TextField
          label={t('admin.content.shopVatId')}
          defaultValue={settings.shop_vat_id ?? ''}
          error={error(errors.shop_vat_id?.message)}
          {...register('shop_vat_id')}
        />
        <TextAreaField
          label={t('admin.content.shopAddress')}
          rows={3}
          defaultValue={settings.shop_address}
          error={error(errors.shop_address?.message)}
          {...register('shop_address')}
        />
        <TextField
          label={t('admin.content.vatRate')}
          inputMode="decimal"
          defaultValue={settings.vat_rate_percent}
          error={error(errors.vat_rate_percent?.message)}
          {...register('vat_rate_percent')}
        />
      </fieldset>
      <fieldset aria-describedby={formatsError ? 'settings-formats-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.content.formats')}</legend>
        <div className="flex gap-5">
          {DOWNLOAD_FORMATS.map((format) => (
            <label key={format} className="flex items-center gap-2 text-sm uppercase">
              <input
                type="checkbox"
                value={format}
                defaultChecked={settings.formats.includes(format)}
                aria-invalid={formatsError ? true : undefined}
                {...register('formats')}
              />
              {format}
            </label>
          ))}
        </div>
        {formatsError ? (
          <p id="settings-formats-error" className="mt-1.5 text-sm text-red-600">
            {formatsError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {languages.map((language) => (
          <div key={language.code} className="space-y-3 rounded-xl border border-slate-200 p-3">
            <p className="text-sm font-semibold text-slate-800">{language.name}</p>
            <TextField
              label={t('admin.content.currencyName')}
              defaultValue={settings.texts.internal_currency_name[language.code] ?? ''}
              error={error(errors.texts?.internal_currency_name?.[language.code]?.message)}
              {...register(`texts.internal_currency_name.${language.code}`)}
            />
            <TextField
              label={t('admin.content.copyright')}
              defaultValue={settings.texts.copyright[language.code] ?? ''}
              error={error(errors.texts?.copyright?.[language.code]?.message)}
              {...register(`texts.copyright.${language.code}`)}
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
