import { zodResolver } from '@hookform/resolvers/zod';
import { type GenerateImageRequest, generateImageRequest } from '@promptmarket/contracts/orders';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { UploadProgress } from '../../components/ui/upload-progress';
import { generateImage, generationImageUrl } from '../../features/orders/api';
import { saveFile } from '../../features/orders/download';
import { PurchaseFailureAlert } from '../../features/orders/purchase-failure-alert';
import {
  generationCostCents,
  generationProgress,
  type HeldKey,
  keepsKey,
  keyFor,
  type PurchaseFailure,
  purchaseFailure,
} from '../../features/orders/rules';
import { ApiError } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { shortfallText } from '../../lib/credits-shortfall';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { DEFAULT_IMAGE_SIZE } from '../../lib/site-defaults';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/generate';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'generate.title' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return null;
}

const PROMPT_MAX = 2000;
const fields = ['title', 'prompt', 'format', 'size'] as const;
const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

type Stage =
  | { kind: 'form' }
  | { kind: 'generating'; startedAt: number }
  | { kind: 'downloading'; percent: number }
  | { kind: 'done'; image: string; filename: string; blob: Blob }
  | { kind: 'failed'; failure: PurchaseFailure };

/** While the engine draws: a bar that eases forward, and the seconds gone by. */
function Generating({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const percent = generationProgress(now - startedAt);
  return (
    <ProgressBar
      percent={percent}
      label={t('generate.generating', { seconds: Math.floor((now - startedAt) / 1000) })}
    />
  );
}

/** A labelled bar: the generation's progress, then its download's (the bar uploads use too). */
function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <UploadProgress percent={percent} label={label} />
    </div>
  );
}

/**
 * Image generation (spec section 2, products/generate): a title and a prompt, the format and size,
 * the cost against the balance; the picture is drawn, shown, and its zip downloaded.
 */
export default function Generate() {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const user = useCurrentUser();
  const api = useApi();
  const revalidator = useRevalidator();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [notice, setNotice] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // One key per press of Generate: a retry of a press that got no answer is paid once.
  const attempt = useRef<HeldKey | null>(null);

  const { register, handleSubmit, setError, formState, watch, reset } = useForm<GenerateImageRequest>({
    resolver: zodResolver(generateImageRequest),
    defaultValues: {
      title: '',
      prompt: '',
      format: settings.formats[0] ?? 'jpg',
      size: settings.sizes[0] ?? DEFAULT_IMAGE_SIZE,
    },
  });
  const error = (name: (typeof fields)[number]) => fieldError(formState.errors[name]?.message, t);
  const internalRate = Number(settings.internal_currency_rate_eur) || 1;
  const cost = generationCostCents(settings.image_generation_cost_eur, internalRate);
  const balance = centsFromDecimal(user?.balance ?? 0);
  const money = (cents: number) => formatCredits(cents, locale, settings.internal_currency_name, t);
  const promptLength = (watch('prompt') ?? '').length;
  const busy = stage.kind === 'generating' || stage.kind === 'downloading';

  useEffect(() => {
    if (stage.kind === 'done' || stage.kind === 'failed') result.current?.focus();
  }, [stage.kind]);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    setStage({ kind: 'generating', startedAt: Date.now() });
    const held = keyFor(attempt.current, values);
    attempt.current = held;
    try {
      let downloading = false;
      const answer = await generateImage(api, values, held.key, (percent) => {
        if (!downloading && percent >= 100) return;
        downloading = true;
        setStage({ kind: 'downloading', percent });
      });
      attempt.current = null;
      const id = answer.headers.get('x-generation-id');
      saveFile(answer);
      setStage({
        kind: 'done',
        image: id ? generationImageUrl(id) : URL.createObjectURL(answer.blob),
        filename: answer.filename,
        blob: answer.blob,
      });
      revalidator.revalidate();
    } catch (caught) {
      if (!keepsKey(caught)) attempt.current = null;
      const { textKey } = applyServerErrors(caught, setError, fields);
      const fieldErrors = caught instanceof ApiError && Object.keys(caught.errors ?? {}).length > 0;
      if (fieldErrors) {
        setStage({ kind: 'form' });
        if (textKey) setNotice(t(textKey));
        return;
      }
      // Spec section 8: the server's message (a refunded failure is a 500 that says so), else
      // "An error occurred during image generation": a call without an answer, or an answer
      // without the API's JSON, has only a status text, which is no message for the user.
      const said = caught instanceof ApiError ? caught.body?.message : undefined;
      const failure = purchaseFailure(caught, t('generate.failed'));
      setStage({
        kind: 'failed',
        failure: {
          ...failure,
          message: typeof said === 'string' && said.trim() ? said : t('generate.failed'),
        },
      });
      revalidator.revalidate();
    }
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('generate.title')}</h1>
      <p className="mt-2 text-slate-600">{t('generate.intro')}</p>

      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
        <fieldset disabled={busy} className="space-y-5">
          <legend className="sr-only">{t('generate.title')}</legend>
          <TextField
            label={t('generate.titleLabel')}
            maxLength={100}
            autoComplete="off"
            error={error('title')}
            {...register('title')}
          />
          <div>
            <label htmlFor="generate-prompt" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('generate.promptLabel')}
            </label>
            <textarea
              id="generate-prompt"
              rows={5}
              maxLength={PROMPT_MAX}
              aria-invalid={error('prompt') ? true : undefined}
              aria-describedby={`generate-prompt-hint${error('prompt') ? ' generate-prompt-error' : ''}`}
              className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm ${error('prompt') ? 'border-red-500' : 'border-slate-300'}`}
              placeholder={t('generate.promptPlaceholder')}
              {...register('prompt')}
            />
            <p id="generate-prompt-hint" className="mt-1.5 text-xs text-slate-500">
              {t('generate.promptHint', { count: promptLength, max: PROMPT_MAX })}
            </p>
            {error('prompt') ? (
              <p id="generate-prompt-error" className="mt-1.5 text-sm text-red-600">
                {error('prompt')}
              </p>
            ) : null}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="generate-format" className="mb-1.5 block text-sm font-medium text-slate-800">
                {t('orders.format')}
              </label>
              <select id="generate-format" className={selectClass} {...register('format')}>
                {settings.formats.map((format) => (
                  <option key={format} value={format}>
                    {format.toUpperCase()}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="generate-size" className="mb-1.5 block text-sm font-medium text-slate-800">
                {t('orders.size')}
              </label>
              <select id="generate-size" className={selectClass} {...register('size')}>
                {settings.sizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          <p>{t('generate.cost', { amount: money(cost), balance: money(balance) })}</p>
          {balance < cost ? (
            <p className="mt-1 text-amber-800">
              {shortfallText('cart.short', cost - balance, locale, settings.internal_currency_name, t)}{' '}
              <Link to={paths.deposit(locale)} className="font-semibold underline">
                {t('purchase.topUp')}
              </Link>
            </p>
          ) : null}
        </div>
        {stage.kind === 'generating' ? <Generating startedAt={stage.startedAt} /> : null}
        {stage.kind === 'downloading' ? (
          <ProgressBar
            percent={90 + Math.round(stage.percent / 10)}
            label={t('orders.downloading', { percent: stage.percent })}
          />
        ) : null}
        <SubmitButton busy={busy} busyLabel={t('generate.busy')}>
          {t('generate.submit', { amount: money(cost) })}
        </SubmitButton>
      </form>

      {stage.kind === 'failed' ? (
        <div ref={result} tabIndex={-1} className="mt-8 space-y-3 outline-none">
          <h2 className="text-lg font-semibold text-slate-900">{t('generate.failedTitle')}</h2>
          <PurchaseFailureAlert failure={stage.failure} />
        </div>
      ) : null}
      {stage.kind === 'done' ? (
        <div ref={result} tabIndex={-1} className="mt-8 space-y-4 outline-none">
          <FormAlert kind="success">{t('generate.done', { filename: stage.filename })}</FormAlert>
          <img
            src={stage.image}
            alt={t('generate.imageAlt')}
            className="w-full max-w-xl rounded-2xl border border-slate-200 shadow-sm"
          />
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonStyles.primary} onClick={() => saveFile(stage)}>
              {t('generate.again')}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                reset();
                setStage({ kind: 'form' });
              }}
            >
              {t('generate.another')}
            </button>
            <Link to={paths.orders(locale)} className={buttonStyles.secondary}>
              {t('generate.history')}
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
