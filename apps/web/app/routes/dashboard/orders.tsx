import type { Generation, Order } from '@promptmarket/contracts/orders';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-fields';
import { getGenerations, getOrders } from '../../features/orders/api';
import { boughtTile } from '../../features/orders/rules';
import { useDownload } from '../../features/orders/use-download';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { loadOnce } from '../../lib/load-once';
import { centsFromDecimal } from '../../lib/money';
import { RelativeTime } from '../../lib/relative-time';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/orders';

// An order's dialog (Radix's dialog and the download's contract) comes when a tile is reached
// for, not with the page (decision 0059).
const orderDialog = loadOnce(() => import('../../features/orders/order-dialog'));
const OrderDialog = lazy(orderDialog.load);

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'orders.title' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale, true);
  const [orders, generations] = await Promise.all([
    getOrders(api).then(
      ({ payload }) => payload,
      () => null,
    ),
    getGenerations(api).then(
      ({ payload }) => payload,
      () => [] as Generation[],
    ),
  ]);
  return { orders: orders ?? ([] as Order[]), failed: orders === null, generations };
}

function GenerationCard({ generation }: { generation: Generation }) {
  const { t } = useTranslation();
  const { progress, error, download } = useDownload();
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img src={generation.image} alt="" loading="lazy" className="aspect-square w-full object-cover" />
      <div className="space-y-2 p-4">
        <p className="font-semibold text-slate-900">{generation.title}</p>
        <p className="line-clamp-2 text-sm text-slate-600">{generation.prompt}</p>
        <p className="text-xs text-slate-500">
          <RelativeTime iso={generation.created_at} /> · {generation.size} · {generation.format.toUpperCase()}
        </p>
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <button
          type="button"
          onClick={() =>
            download(async (client, onProgress) => {
              // The call's contract (zod) comes with the press, not with the page (decision 0059).
              const { downloadGeneration } = await import('../../features/orders/api');
              return downloadGeneration(client, generation.id, onProgress);
            })
          }
          disabled={progress !== null}
          aria-label={t('orders.downloadNamed', { title: generation.title })}
          className="inline-flex w-full items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {progress !== null ? t('orders.downloading', { percent: progress }) : t('orders.download')}
        </button>
      </div>
    </li>
  );
}

/**
 * Dashboard orders (spec section 2): the prompts bought, each downloadable as a zip, and the
 * images the user had drawn. `?order=<id>` opens one order; an id that is not one of the user's
 * says "Invalid order ID".
 */
export default function DashboardOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const { orders, failed, generations } = loaderData;
  const requested = searchParams.get('order');
  const open = requested === null ? null : (orders.find((order) => String(order.id) === requested) ?? null);
  const invalid = requested !== null && !failed && open === null;
  const bought = searchParams.has('bought');
  // Just bought from the cart: the order's tile (its dialog has the Download button) gets the
  // focus, in view, as the next thing to do.
  const boughtId = searchParams.get('bought');
  const boughtOrder = boughtTile(orders, boughtId);
  const boughtTileRef = useRef<HTMLButtonElement>(null);
  // Run again when the list comes to hold the order bought (it may be read before the order shows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tile the ref points at changes with the order
  useEffect(() => {
    if (!boughtId) return;
    const focusTile = () => {
      boughtTileRef.current?.focus({ preventScroll: true });
      boughtTileRef.current?.scrollIntoView({ block: 'center', behavior: 'instant' });
    };
    focusTile();
    // Once more after the navigation has settled: the closing purchase dialog and the router's
    // scroll handling run around this effect, and may each move the focus or the page.
    const frame = requestAnimationFrame(() => {
      if (document.activeElement !== boughtTileRef.current) focusTile();
      else boughtTileRef.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [boughtId, boughtOrder?.id]);
  const show = (order: Order | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('bought');
        if (order) next.set('order', String(order.id));
        else next.delete('order');
        return next;
      },
      { preventScrollReset: true, replace: order === null },
    );
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-xl font-semibold text-slate-900">
        {t('orders.title')}
      </h2>
      {bought ? (
        <div className="mt-4">
          <FormAlert kind="success">{t('purchase.boughtAll')}</FormAlert>
        </div>
      ) : null}
      {invalid ? (
        <div className="mt-4">
          <FormAlert kind="error">{t('orders.invalid')}</FormAlert>
        </div>
      ) : null}
      {failed ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {t('orders.failed')}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
          {t('orders.empty')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {orders.map((order) => {
            const price = formatCredits(centsFromDecimal(order.price), locale, order.currency, t);
            return (
              <li key={order.id}>
                <button
                  ref={order === boughtOrder ? boughtTileRef : undefined}
                  type="button"
                  onClick={() => show(order)}
                  onPointerEnter={orderDialog.load}
                  onFocus={orderDialog.load}
                  // The name holds the title and price the tile shows, after what a press does.
                  aria-label={`${t('orders.open', { title: order.title })} ${price}`}
                  className="block w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm hover:shadow-md"
                >
                  <img
                    src={order.image}
                    alt=""
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                  <span className="block p-4">
                    <span className="block font-semibold text-slate-900">{order.title}</span>{' '}
                    <span className="mt-1 block text-sm text-slate-600">{price}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {generations.length > 0 ? (
        <section aria-labelledby="generations-title" className="mt-10">
          <h3 id="generations-title" className="text-lg font-semibold text-slate-900">
            {t('orders.generations')}
          </h3>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {generations.map((generation) => (
              <GenerationCard key={generation.id} generation={generation} />
            ))}
          </ul>
        </section>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <OrderDialog key={open.id} order={open} onClose={() => show(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
