import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Form, useLocation, useRevalidator, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { type ApiClient, ApiError, newIdempotencyKey } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { showFocusedWhole } from '../../lib/keep-in-view';
import { useApi } from '../../lib/use-api';

/**
 * The pieces every back-office queue shares: the status filter and the pager (both in the
 * address, so a list can be linked to and reloaded), the result of an action, and the dialog that
 * confirms a destructive action, with a reason when one is needed.
 */

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** Sends an action (a call of `./api`), reloads the list, and reports the outcome in the page's language. */
export function useAdminAction() {
  const { t } = useTranslation();
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: (client: ApiClient) => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      await action(api);
      setNotice({ kind: 'success', text: done });
      revalidator.revalidate();
      return true;
    } catch (caught) {
      const message =
        caught instanceof ApiError ? (caught.firstFieldError() ?? caught.message) : String(caught);
      setNotice({ kind: 'error', text: t('admin.actionFailed', { message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { notice, busy, run };
}

type FieldMessages = Record<string, string>;

/**
 * Sends a change from a form of the back office: reports it in the page's language, keeps the
 * refusal's first message per field, and reloads what the page shows.
 */
export function useAdminSave() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  async function save(work: () => Promise<unknown>, done = t('admin.catalogue.saved')): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      await work();
      setNotice({ kind: 'success', text: done });
      revalidator.revalidate();
      return true;
    } catch (caught) {
      const fields =
        caught instanceof ApiError && caught.errors
          ? Object.fromEntries(
              Object.entries(caught.errors).map(([name, messages]) => [name, messages[0] ?? '']),
            )
          : {};
      setErrors(fields);
      const message = caught instanceof ApiError ? caught.message : String(caught);
      setNotice({ kind: 'error', text: Object.values(fields)[0] ?? t('admin.actionFailed', { message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { notice, errors, busy, save };
}

export function NoticeBar({ notice }: { notice: Notice }) {
  return notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null;
}

/** A search of the list, kept in the address (its other filters stay). */
export function SearchBox({ label, submitLabel }: { label: string; submitLabel: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = useId();
  // The list's other filters stay; a new search starts at its first page.
  const kept = [...params].filter(([name]) => name !== 'search' && name !== 'page');
  return (
    // Named, so it is told apart from the header's search of the shop; its field keeps the name
    // of what it finds.
    <Form method="get" role="search" aria-label={t('admin.searchList')} className="flex max-w-md gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={params.get('search') ?? ''}
        placeholder={label}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonStyles.secondary}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** Links to the same list with another status (`all` clears it). */
export function StatusFilter({
  statuses,
  label,
}: {
  statuses: readonly string[];
  label: (status: string) => string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current = params.get('status') ?? 'all';
  return (
    <nav aria-label={t('admin.filter')} className="flex flex-wrap gap-2">
      {['all', ...statuses].map((status) => {
        const next = new URLSearchParams(params);
        next.delete('page');
        if (status === 'all') next.delete('status');
        else next.set('status', status);
        return (
          <Link
            key={status}
            to={`${pathname}?${next}`}
            aria-current={current === status ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${
              current === status
                ? 'bg-brand-600 text-white'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
            }`}
          >
            {status === 'all' ? t('admin.all') : label(status)}
          </Link>
        );
      })}
    </nav>
  );
}

export function Pager({ page, lastPage }: { page: number; lastPage: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (lastPage <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `${pathname}?${next}`;
  };
  return (
    <nav aria-label={t('admin.pages')} className="flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonStyles.secondary}>
          {t('admin.prev')}
        </Link>
      ) : null}
      <span>{t('admin.page', { page, pages: lastPage })}</span>
      {page < lastPage ? (
        <Link to={to(page + 1)} className={buttonStyles.secondary}>
          {t('admin.next')}
        </Link>
      ) : null}
    </nav>
  );
}

/** A button that asks first; with `askReason` the dialog also takes the reason the action needs. */
export function ConfirmButton({
  label,
  question,
  askReason = false,
  disabled,
  onConfirm,
  tone = 'danger',
}: {
  label: string;
  question: string;
  askReason?: boolean;
  disabled?: boolean;
  /** Gets the reason, and the Idempotency-Key made when the dialog opened (the same on a retry). */
  onConfirm: (reason: string, idempotencyKey: string) => Promise<boolean>;
  tone?: 'danger' | 'primary';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function confirm(event: FormEvent) {
    event.preventDefault();
    // The dialog is drawn elsewhere in the page, but its submit still bubbles through the React
    // tree: a form around the button must not take it for its own.
    event.stopPropagation();
    if (askReason && reason.trim().length < 3) return;
    setBusy(true);
    const ok = await onConfirm(reason.trim(), key);
    setBusy(false);
    if (ok) {
      setOpen(false);
      setReason('');
    }
  }
  const look =
    tone === 'danger'
      ? 'rounded-lg border border-red-300 px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50'
      : 'rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700';
  return (
    <>
      <button
        type="button"
        className={look}
        disabled={disabled}
        onClick={() => {
          setKey(newIdempotencyKey());
          setOpen(true);
        }}
      >
        {label}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => (busy ? null : setOpen(next))}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={confirm}>
              <DialogTitle>{label}</DialogTitle>
              <DialogDescription>{question}</DialogDescription>
              {askReason ? (
                <div className="mt-4">
                  <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
                    {t('admin.reason')}
                  </label>
                  <textarea
                    id={id}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    rows={3}
                    minLength={3}
                    maxLength={500}
                    required
                    className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                </div>
              ) : null}
              <DialogActions>
                <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                  {t('admin.cancel')}
                </button>
                <button type="submit" className={buttonStyles.primary} disabled={busy}>
                  {label}
                </button>
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * On a phone, a table whose last column holds the row's actions keeps that column in view at the
 * right edge, over the rest of the row as it scrolls sideways: every action stays one tap away.
 * The column is as narrow as its widest control (its controls stack), so that most of the row
 * shows beside it; a control focused under it is scrolled out from under it (`showFocusedWhole`).
 */
const STICKY_ACTIONS = [
  'max-md:[&_tr>:last-child]:sticky',
  'max-md:[&_tr>:last-child]:right-0',
  'max-md:[&_tr>:last-child]:w-px',
  'max-md:[&_tr>:last-child]:whitespace-normal',
  'max-md:[&_tr>:last-child_:is(button,a)]:whitespace-nowrap',
  'max-md:[&_tr>:last-child]:bg-white',
  'max-md:[&_thead_tr>:last-child]:bg-slate-50',
  'max-md:[&_tr>:last-child]:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.3)]',
].join(' ');

/**
 * A column's heading: its text, or `{ hidden }` for a column whose cells say what they are (a row's
 * buttons), named for screen readers only.
 */
export type ColumnHead = string | { hidden: string };

export function Table({
  head,
  children,
  actions = false,
}: {
  head: ColumnHead[];
  children: ReactNode;
  /** The last column holds each row's actions: it stays in view on a phone. */
  actions?: boolean;
}) {
  return (
    // Focusable, so a table wider than a phone scrolls sideways from the keyboard too; a control
    // focused near an edge is scrolled in whole, with room for its focus ring. Positioned, so that
    // what is placed absolutely inside (a heading for screen readers only) scrolls with the table
    // instead of widening the page.
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus handler only scrolls, it does nothing a user asks for
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard to scroll it
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
      onFocus={showFocusedWhole}
    >
      <table className={`min-w-full text-left text-sm ${actions ? STICKY_ACTIONS : ''}`}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {head.map((cell) =>
              typeof cell === 'string' ? (
                <th key={cell} scope="col" className="px-4 py-3">
                  {cell}
                </th>
              ) : (
                <th key={cell.hidden} scope="col" className="px-4 py-3">
                  <span className="sr-only">{cell.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A list's table, or what stands in its place: the failure when the list could not be loaded,
 * and "nothing here" when it is empty. One row per item.
 */
export function ListTable<Item>({
  list,
  head,
  row,
  actions = false,
}: {
  list: { data: Item[] } | null;
  head: ColumnHead[];
  row: (item: Item) => ReactNode;
  /** The last column holds each row's actions: it stays in view on a phone. */
  actions?: boolean;
}) {
  const { t } = useTranslation();
  if (!list) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('admin.failed')}
      </p>
    );
  }
  if (list.data.length === 0) return <p className="text-sm text-slate-600">{t('admin.empty')}</p>;
  return (
    <Table head={head} actions={actions}>
      {list.data.map(row)}
    </Table>
  );
}

/** The list's page, status and search from the address, for a loader. */
export function listQuery(request: Request): URLSearchParams {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  const page = Number(url.searchParams.get('page'));
  if (Number.isInteger(page) && page > 1) params.set('page', String(page));
  const status = url.searchParams.get('status');
  if (status && /^[a-z_]{1,30}$/.test(status)) params.set('status', status);
  const search = url.searchParams.get('search')?.trim().slice(0, 120);
  if (search) params.set('search', search);
  params.set('per_page', '25');
  return params;
}
