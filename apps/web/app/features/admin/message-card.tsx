import {
  type AdminContactMessageItem,
  adminContactReplyRequest,
  CONTACT_REPLY_MAX,
} from '@promptmarket/contracts/admin-messages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { contractResolver } from './admin-form';
import type { Notice } from './admin-ui';
import { replyToMessage, setMessageHandled } from './work-api';

/** The failure of a call as the page says it: the first field's text, else the answer's message. */
function failureText(caught: unknown): string {
  return caught instanceof ApiError ? (caught.firstFieldError() ?? caught.message) : String(caught);
}

type ReplyValues = z.input<typeof adminContactReplyRequest>;
const replyResolver = contractResolver(adminContactReplyRequest);

/**
 * One message with its thread, its handled state, and the reply form, checked with the contract
 * of `POST /admin/contact-messages/:id/reply` before it is sent.
 */
export function MessageCard({
  message,
  chosen,
  onChoose,
  onNotice,
}: {
  message: AdminContactMessageItem;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const revalidator = useRevalidator();
  const { register, handleSubmit, setError, formState, reset } = useForm<ReplyValues>({
    resolver: replyResolver,
    defaultValues: { body: '' },
  });
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  /** A refusal that names no field of the form (the message is gone, the mail could not go). */
  const [failure, setFailure] = useState<string | null>(null);
  const error = fieldError(formState.errors.body?.message, t) ?? failure;
  const replyId = useId();
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  const language = (() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(message.locale) ?? message.locale;
    } catch {
      return message.locale;
    }
  })();

  const send = handleSubmit(
    async (values) => {
      setBusy(true);
      setFailure(null);
      try {
        await replyToMessage(api, message.id, values.body, key);
        reset();
        setKey(newIdempotencyKey());
        onNotice({ kind: 'success', text: t('adminWork.messages.sent') });
        revalidator.revalidate();
      } catch (caught) {
        if (applyServerErrors(caught, setError, ['body']).message !== null || !(caught instanceof ApiError)) {
          setFailure(failureText(caught));
        }
      } finally {
        setBusy(false);
      }
    },
    () => setFailure(null),
  );

  async function mark(handled: boolean) {
    setBusy(true);
    try {
      await setMessageHandled(api, message.id, handled);
      onNotice({
        kind: 'success',
        text: t(handled ? 'adminWork.messages.markedHandled' : 'adminWork.messages.reopened'),
      });
      revalidator.revalidate();
    } catch (caught) {
      onNotice({ kind: 'error', text: t('admin.actionFailed', { message: failureText(caught) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${chosen ? 'border-brand-400 ring-1 ring-brand-300' : 'border-slate-200'}`}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={chosen}
          onChange={(event) => onChoose(event.target.checked)}
          aria-label={t('adminWork.messages.select', { name: message.name })}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 break-words text-sm font-semibold text-slate-900">
              {message.name} · <span className="font-normal text-slate-700">{message.email}</span>
            </p>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${message.handled_at ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'}`}
            >
              {message.handled_at
                ? t('adminWork.messages.stateHandled', { date: date(message.handled_at) })
                : t('adminWork.messages.stateOpen')}
            </span>
          </div>
          <p className="break-words text-xs text-slate-500">
            {date(message.created_at)} · {message.locale.toUpperCase()}
          </p>
          <p className="break-words text-sm font-medium text-slate-900">
            {message.subject || t('adminWork.messages.noSubject')}
          </p>
          <p className="whitespace-pre-line break-words text-sm text-slate-700">{message.message || '—'}</p>
          {message.replies.length > 0 ? (
            <section
              aria-label={t('adminWork.messages.thread')}
              className="space-y-2 border-l-2 border-brand-200 pl-3"
            >
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t('adminWork.messages.thread')}
              </h4>
              <ol className="space-y-2">
                {message.replies.map((item) => (
                  <li key={item.id} className="rounded-lg bg-brand-50/60 p-2">
                    <p className="text-xs text-slate-500">
                      {t('adminWork.messages.replyMeta', {
                        email: item.admin_email,
                        date: date(item.created_at),
                      })}
                    </p>
                    <p className="whitespace-pre-line break-words text-sm text-slate-800">{item.body}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <form onSubmit={send} noValidate className="space-y-2">
            <label htmlFor={replyId} className="block text-sm font-medium text-slate-800">
              {t('adminWork.messages.replyLabel', { name: message.name })}
            </label>
            <textarea
              id={replyId}
              rows={3}
              required
              maxLength={CONTACT_REPLY_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${replyId}-hint${error ? ` ${replyId}-error` : ''}`}
              className={`block w-full rounded-lg border px-3 py-2 text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
              {...register('body')}
            />
            <p id={`${replyId}-hint`} className="text-xs text-slate-500">
              {t('adminWork.messages.replyHint', { email: message.email, language })}
            </p>
            {error ? (
              <p id={`${replyId}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={buttonStyles.primary}>
                {t('adminWork.messages.send')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => mark(!message.handled_at)}
                className={buttonStyles.secondary}
              >
                {message.handled_at ? t('adminWork.messages.reopen') : t('adminWork.messages.markHandled')}
              </button>
            </div>
          </form>
        </div>
      </div>
    </li>
  );
}
