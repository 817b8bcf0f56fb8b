import type { WalletMovement, WalletMovements } from '@promptmarket/contracts/wallet';
import { walletMovementsQuery } from '@promptmarket/contracts/wallet';
import { type WalletMovementGroup, walletMovementGroupNames } from '@promptmarket/contracts/wallet-groups';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { getWalletMovements, walletExportHref } from '../../features/wallet/api';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { RelativeTime } from '../../lib/relative-time';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/wallet';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'ledger.title' }),
  { name: 'robots', content: 'noindex' },
];

const PER_PAGE = 20;

/** `?kind=` and `?page=` read by the API's own rule; anything it would refuse shows the whole first page. */
function listQuery(url: URL): { kind?: WalletMovementGroup; page: number } {
  const parsed = walletMovementsQuery.safeParse({
    kind: url.searchParams.get('kind') ?? undefined,
    page: url.searchParams.get('page') ?? undefined,
  });
  if (!parsed.success) return { page: 1 };
  return { ...(parsed.data.kind ? { kind: parsed.data.kind } : {}), page: parsed.data.page };
}

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = listQuery(new URL(request.url));
  // Written here, so the page carries no contract (zod) for a link (decision 0059).
  const exportHref = walletExportHref(query.kind, params.locale);
  try {
    const { payload } = await getWalletMovements(serverApi(request, context, params.locale, true), {
      ...query,
      per_page: PER_PAGE,
    });
    return { query, exportHref, wallet: payload as WalletMovements | null };
  } catch {
    return { query, exportHref, wallet: null };
  }
}

function Amount({ value, currency, signed }: { value: number; currency: string; signed?: boolean }) {
  const { locale } = useSite();
  const { t } = useTranslation();
  const text = formatCredits(centsFromDecimal(Math.abs(value)), locale, currency, t);
  if (!signed) return <>{value < 0 ? `−${text}` : text}</>;
  return (
    <span className={value < 0 ? 'text-red-700' : 'text-emerald-700'}>
      {value < 0 ? '−' : '+'}
      {text}
    </span>
  );
}

/** What a movement was for, linked to the page that shows it. */
function Subject({ subject }: { subject: WalletMovement['subject'] }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  if (!subject) return null;
  const to =
    subject.type === 'deposit'
      ? paths.deposits(locale)
      : subject.type === 'payout'
        ? paths.offers(locale)
        : paths.orders(locale);
  const receipt =
    subject.type === 'deposit' || subject.type === 'order'
      ? paths.receipt(locale, subject.type === 'order' ? 'purchase' : 'deposit', subject.id)
      : null;
  return (
    <>
      <Link to={to} className="text-brand-700 underline-offset-2 hover:underline">
        {t(`ledger.subjects.${subject.type}`, { id: subject.id })}
      </Link>
      {receipt ? (
        <>
          {' · '}
          <Link
            to={receipt}
            aria-label={t(subject.type === 'order' ? 'receipts.openOrder' : 'receipts.openDeposit', {
              id: subject.id,
            })}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {t('receipts.open')}
          </Link>
        </>
      ) : null}
    </>
  );
}

function KindFilter({ current }: { current: WalletMovementGroup | undefined }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const chip = (active: boolean) =>
    `inline-flex rounded-full border px-3 py-1 text-sm font-medium ${
      active
        ? 'border-brand-600 bg-brand-600 text-white'
        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
    }`;
  return (
    <nav aria-label={t('ledger.filter')} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={paths.wallet(locale)}
            className={chip(!current)}
            aria-current={!current ? 'page' : undefined}
          >
            {t('ledger.all')}
          </Link>
        </li>
        {walletMovementGroupNames.map((kind) => (
          <li key={kind}>
            <Link
              to={paths.wallet(locale, { kind })}
              className={chip(current === kind)}
              aria-current={current === kind ? 'page' : undefined}
            >
              {t(`ledger.kinds.${kind}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Paging({ wallet, kind }: { wallet: WalletMovements; kind: WalletMovementGroup | undefined }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { current_page: page, last_page: pages } = wallet.meta;
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('ledger.paging')} className="mt-4 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={paths.wallet(locale, { kind, page: page - 1 })} className={buttonStyles.secondary}>
          {t('ledger.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{t('ledger.pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link to={paths.wallet(locale, { kind, page: page + 1 })} className={buttonStyles.secondary}>
          {t('ledger.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Movements({ wallet, kind }: { wallet: WalletMovements; kind: WalletMovementGroup | undefined }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const currency = wallet.internal_currency_name;
  const { current_page: page, last_page: pages } = wallet.meta;
  if (wallet.data.length === 0 && page > pages) {
    return (
      <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
        {t('ledger.beyond', { page, pages })}{' '}
        <Link to={paths.wallet(locale, { kind })} className="font-medium text-brand-700 underline">
          {t('ledger.firstPage')}
        </Link>
      </p>
    );
  }
  if (wallet.data.length === 0) {
    return (
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
        <p>{kind ? t('ledger.emptyKind') : t('ledger.empty')}</p>
        {kind ? null : (
          <Link to={paths.deposit(locale)} className={`${buttonStyles.primary} mt-4`}>
            {t('ledger.topUp')}
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {wallet.data.map((movement) => (
          <li
            key={movement.id}
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-4 sm:grid-cols-[8rem_1fr_auto_12rem] sm:items-center sm:px-6"
          >
            <RelativeTime
              iso={movement.created_at}
              className="order-3 text-sm text-slate-500 sm:order-none"
            />
            <span className="order-1 min-w-0 sm:order-none">
              <span className="block font-medium text-slate-900">{t(`ledger.moves.${movement.move}`)}</span>
              <span className="block text-sm">
                <Subject subject={movement.subject} />
              </span>
            </span>
            <span className="order-2 text-right font-semibold tabular-nums sm:order-none">
              <Amount value={movement.amount} currency={currency} signed />
            </span>
            <span className="order-4 text-right text-sm text-slate-600 tabular-nums sm:order-none">
              {t('ledger.balanceAfterValue', {
                amount: formatCredits(
                  centsFromDecimal(Math.abs(movement.balance_after)),
                  locale,
                  currency,
                  t,
                ),
                sign: movement.balance_after < 0 ? '−' : '',
              })}
            </span>
          </li>
        ))}
      </ul>
      <Paging wallet={wallet} kind={kind} />
    </>
  );
}

export default function DashboardWallet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { wallet, query, exportHref } = loaderData;

  return (
    <section aria-labelledby="wallet-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="wallet-title" className="text-xl font-semibold text-slate-900">
            {t('ledger.title')}
          </h2>
          {wallet ? (
            <p className="mt-2 text-sm text-slate-600">
              {t('ledger.balance')}{' '}
              <strong className="block text-3xl font-bold text-slate-900 tabular-nums">
                <Amount value={wallet.balance} currency={wallet.internal_currency_name} />
              </strong>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.deposit(locale)} className={buttonStyles.primary}>
            {t('ledger.topUp')}
          </Link>
          {wallet && wallet.meta.total > 0 ? (
            <a href={exportHref} download className={buttonStyles.secondary}>
              {t('ledger.export')}
            </a>
          ) : null}
        </div>
      </div>
      <KindFilter current={query.kind} />
      {wallet ? (
        <Movements wallet={wallet} kind={query.kind} />
      ) : (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {t('ledger.failed')}
        </p>
      )}
    </section>
  );
}
