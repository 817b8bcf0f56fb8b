import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/ui/form-fields';
import { adminMeta } from '../../features/admin/admin-meta';
import { type Notice, NoticeBar } from '../../features/admin/admin-ui';
import { disableTwoFactor, enableTwoFactor, getTwoFactor, setUpTwoFactor } from '../../features/admin/api';
import { RecoveryCodesRenewal, RecoveryCodesShown } from '../../features/admin/recovery-codes';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
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

function TurnOn({ onDone }: { onDone: (notice: Notice, codes: string[]) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { payload } = await setUpTwoFactor(api);
      setSetup({ secret: payload.secret, qr: payload.qr });
    } catch (caught) {
      setError(t('admin.actionFailed', { message: refusal(caught) }));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError(null);
    try {
      const { payload } = await enableTwoFactor(api, code);
      onDone({ kind: 'success', text: t('admin.security.onDone') }, payload.recovery_codes);
    } catch (caught) {
      setError(refusal(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!setup) {
    return (
      <div className="space-y-3">
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <button type="button" className={buttonStyles.primary} disabled={busy} onClick={start}>
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
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        className="max-w-48"
        error={error ?? undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
        {t('admin.security.turnOn')}
      </SubmitButton>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await disableTwoFactor(api, {
        password: String(form.get('password') ?? ''),
        code: String(form.get('code') ?? ''),
      });
      onDone({ kind: 'success', text: t('admin.security.offDone') });
    } catch (caught) {
      setError(refusal(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="max-w-sm space-y-4" noValidate>
      <p className="text-sm text-slate-700">{t('admin.security.offHint')}</p>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <PasswordField label={t('login.password')} name="password" autoComplete="current-password" required />
      <TextField
        label={t('login.code')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        maxLength={16}
        required
      />
      <SubmitButton busy={busy} busyLabel={t('admin.security.working')} variant="danger">
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
