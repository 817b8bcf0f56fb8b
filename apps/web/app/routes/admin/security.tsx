import { twoFactorEnableRequest } from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/ui/form-fields';
import { contractResolver } from '../../features/admin/admin-form';
import { adminMeta } from '../../features/admin/admin-meta';
import { type Notice, NoticeBar } from '../../features/admin/admin-ui';
import { disableTwoFactor, enableTwoFactor, getTwoFactor, setUpTwoFactor } from '../../features/admin/api';
import {
  type PasswordAndCode,
  passwordAndCodeFields,
  passwordAndCodeResolver,
  RecoveryCodesRenewal,
  RecoveryCodesShown,
} from '../../features/admin/recovery-codes';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/security';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.security.title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getTwoFactor(serverApi(request, context, params.locale, true));
    return { enabled: payload.enabled as boolean | null, left: payload.recovery_codes_left };
  } catch {
    return { enabled: null, left: 0 };
  }
}

/** The first field's message of a refusal, or its message. */
function refusal(caught: unknown): string {
  return caught instanceof ApiError ? (caught.firstFieldError() ?? caught.message) : String(caught);
}

/** The key in groups of four, as authenticator apps show it, for typing by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

type CodeValues = z.input<typeof twoFactorEnableRequest>;
const codeResolver = contractResolver(twoFactorEnableRequest);

/**
 * Turning two-factor sign-in on: a new key, then a code from the app, checked with the contract of
 * `POST /admin/two-factor/enable` before it is sent.
 */
function TurnOn({ onDone }: { onDone: (notice: Notice, codes: string[]) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [starting, setStarting] = useState(false);
  const [startFailure, setStartFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: '' },
  });

  async function start() {
    setStarting(true);
    setStartFailure(null);
    try {
      const { payload } = await setUpTwoFactor(api);
      setSetup({ secret: payload.secret, qr: payload.qr });
    } catch (caught) {
      setStartFailure(t('admin.actionFailed', { message: refusal(caught) }));
    } finally {
      setStarting(false);
    }
  }

  const confirm = handleSubmit(async (values) => {
    try {
      const { payload } = await enableTwoFactor(api, values.code);
      onDone({ kind: 'success', text: t('admin.security.onDone') }, payload.recovery_codes);
    } catch (caught) {
      // A refusal that names no field is the code's too: it is the form's only field.
      if (applyServerErrors(caught, setError, ['code']).message !== null || !(caught instanceof ApiError)) {
        setError('code', { type: 'server', message: refusal(caught) });
      }
    }
  });

  if (!setup) {
    return (
      <div className="space-y-3">
        {startFailure ? <FormAlert kind="error">{startFailure}</FormAlert> : null}
        <button type="button" className={buttonStyles.primary} disabled={starting} onClick={start}>
          {t('admin.security.start')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} className="space-y-4" noValidate>
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li>
          <p>{t('admin.security.scan')}</p>
          <img
            src={setup.qr}
            alt={t('admin.security.qrAlt')}
            width={192}
            height={192}
            className="mt-3 rounded-lg border border-slate-200 bg-white"
          />
          <p className="mt-3">{t('admin.security.manual')}</p>
          <p
            className="mt-1 break-all font-mono text-base tracking-wider text-slate-900"
            data-testid="totp-key"
          >
            {grouped(setup.secret)}
          </p>
        </li>
        <li>
          <p>{t('admin.security.enterCode')}</p>
        </li>
      </ol>
      <TextField
        label={t('login.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        className="max-w-48"
        error={fieldError(formState.errors.code?.message, t)}
        {...register('code')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('admin.security.working')}>
        {t('admin.security.turnOn')}
      </SubmitButton>
    </form>
  );
}

/**
 * Turning two-factor sign-in off with the password and a code, checked with the contract of
 * `POST /admin/two-factor/disable` before it is sent.
 */
function TurnOff({ onDone }: { onDone: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<PasswordAndCode>({
    resolver: passwordAndCodeResolver,
    defaultValues: { password: '', code: '' },
  });
  const error = (name: (typeof passwordAndCodeFields)[number]) =>
    fieldError(formState.errors[name]?.message, t);

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await disableTwoFactor(api, values);
        onDone({ kind: 'success', text: t('admin.security.offDone') });
      } catch (caught) {
        const applied = applyServerErrors(caught, setError, passwordAndCodeFields);
        if (applied.message !== null || !(caught instanceof ApiError)) setFailure(refusal(caught));
      }
    },
    () => setFailure(null),
  );

  return (
    <form onSubmit={submit} className="max-w-sm space-y-4" noValidate>
      <p className="text-sm text-slate-700">{t('admin.security.offHint')}</p>
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
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('admin.security.working')} variant="danger">
        {t('admin.security.turnOff')}
      </SubmitButton>
    </form>
  );
}

/** The admin's own sign-in: two-factor codes from an authenticator app, on or off. */
export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  /** Recovery codes just made, shown until the admin says they are stored. */
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = (next: Notice, made: string[] | null = null) => {
    setNotice(next);
    setCodes(made);
    revalidator.revalidate();
  };
  const { left } = loaderData;
  // Codes were just made: it is on, whatever the page's data said before it was read again.
  const enabled = loaderData.enabled === null ? null : loaderData.enabled || codes !== null;
  return (
    <section aria-labelledby="admin-security-title" className="max-w-2xl space-y-5">
      <div>
        <h2 id="admin-security-title" className="text-lg font-semibold text-slate-900">
          {t('admin.security.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.security.intro')}</p>
      </div>
      <NoticeBar notice={notice} />
      {enabled === null ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      ) : (
        <>
          <p className="text-sm">
            <span
              className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold ${
                enabled ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
              }`}
            >
              {enabled ? t('admin.security.on') : t('admin.security.off')}
            </span>
          </p>
          {codes ? (
            // The codes alone until they are stored: nothing else to do on this screen meanwhile.
            <RecoveryCodesShown codes={codes} onStored={() => setCodes(null)} />
          ) : enabled ? (
            <>
              <TurnOff onDone={done} />
              <RecoveryCodesRenewal
                left={left}
                onMade={(made) => done({ kind: 'success', text: t('admin.security.recovery.made') }, made)}
              />
            </>
          ) : (
            <TurnOn onDone={done} />
          )}
        </>
      )}
    </section>
  );
}
