import { twoFactorDisableRequest } from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/ui/form-fields';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { contractResolver } from './admin-form';
import { makeRecoveryCodes } from './api';

/** The password and a code, as turning two-factor sign-in off and a new set of codes both take them. */
export type PasswordAndCode = z.input<typeof twoFactorDisableRequest>;
export const passwordAndCodeResolver = contractResolver(twoFactorDisableRequest);
export const passwordAndCodeFields = ['password', 'code'] as const;

/** The text file of the codes: one a line, under a heading that says what they are. */
export function recoveryCodesFile(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * A new set of recovery codes, shown this once: as a list, to copy or to download as a text file,
 * until the admin says they are stored.
 */
export function RecoveryCodesShown({ codes, onStored }: { codes: readonly string[]; onStored: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  function download() {
    const file = new Blob([recoveryCodesFile(t('admin.security.recovery.fileHeading'), codes)], {
      type: 'text/plain;charset=utf-8',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'promptmarket-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function copy() {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  }

  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-title" className="text-base font-semibold text-slate-900">
        {t('admin.security.recovery.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('admin.security.recovery.intro')}</p>
      <ol
        className="grid grid-cols-1 gap-2 font-mono text-base tracking-wider text-slate-900 min-[360px]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-3 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={download}>
          {t('admin.security.recovery.download')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={copy}>
          {copied ? t('admin.security.recovery.copied') : t('admin.security.recovery.copy')}
        </button>
        <button type="button" className={buttonStyles.primary} onClick={onStored}>
          {t('admin.security.recovery.stored')}
        </button>
      </div>
    </section>
  );
}

/**
 * How many codes are left, and a new set made with the password and a code, checked with the
 * contract of `POST /admin/two-factor/recovery-codes` before it is sent.
 */
export function RecoveryCodesRenewal({ left, onMade }: { left: number; onMade: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordAndCode>({
    resolver: passwordAndCodeResolver,
    defaultValues: { password: '', code: '' },
  });
  const error = (name: (typeof passwordAndCodeFields)[number]) =>
    fieldError(formState.errors[name]?.message, t);

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const { payload } = await makeRecoveryCodes(api, values);
        reset();
        onMade(payload.recovery_codes);
      } catch (caught) {
        const applied = applyServerErrors(caught, setError, passwordAndCodeFields);
        if (applied.message !== null || !(caught instanceof ApiError)) {
          setFailure(caught instanceof ApiError ? caught.message : String(caught));
        }
      }
    },
    () => setFailure(null),
  );

  return (
    <form
      onSubmit={submit}
      className="max-w-sm space-y-4"
      noValidate
      aria-labelledby="recovery-renewal-title"
    >
      <h3 id="recovery-renewal-title" className="text-base font-semibold text-slate-900">
        {t('admin.security.recovery.title')}
      </h3>
      <p className={`text-sm ${left <= 2 ? 'font-semibold text-amber-800' : 'text-slate-700'}`}>
        {t('admin.security.recovery.left', { count: left })}
      </p>
      <p className="text-sm text-slate-700">{t('admin.security.recovery.renewHint')}</p>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        required
        error={error('password')}
        {...register('password')}
      />
      <TextField
        label={t('login.code')}
        autoComplete="one-time-code"
        autoCapitalize="none"
        maxLength={16}
        required
        error={error('code')}
        {...register('code')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('admin.security.working')}>
        {t('admin.security.recovery.renew')}
      </SubmitButton>
    </form>
  );
}
