import type { AdminOffer } from '@promptmarket/contracts/admin';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { newIdempotencyKey } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import type { useAdminAction } from './admin-ui';
import { counterOffer, publishOffer } from './api';

/**
 * The back office's actions on one offer, on the offers list and on the offer's own page: the
 * service's counter-price for a pending offer, and Publish for an accepted picture, filled in
 * with the prompt its seller gave.
 */

export function CounterForm({
  offer,
  run,
  busy,
}: {
  offer: Pick<AdminOffer, 'id' | 'title'>;
  run: ReturnType<typeof useAdminAction>['run'];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [price, setPrice] = useState('');
  // One key until the price is sent: a double click or a retry after a lost answer prices once.
  const [key, setKey] = useState(newIdempotencyKey);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (
      await run(
        (api) => counterOffer(api, offer.id, { service_price: price.replace(',', '.') }, key),
        t('admin.offers.sent'),
      )
    ) {
      setPrice('');
      setKey(newIdempotencyKey());
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`counter-${offer.id}`}>
        {t('admin.offers.counterLabel', { title: offer.title })}
      </label>
      <input
        id={`counter-${offer.id}`}
        type="number"
        min={0.01}
        step={0.01}
        required
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        className="w-24 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
      >
        {t('admin.offers.counter')}
      </button>
    </form>
  );
}

export function PublishButton({
  offer,
  run,
}: {
  offer: Pick<AdminOffer, 'id' | 'title' | 'prompt'>;
  run: ReturnType<typeof useAdminAction>['run'];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  // The buyer gets the prompt the seller gave, unless the back office writes another here.
  const [prompt, setPrompt] = useState(offer.prompt ?? '');
  // Made when the dialog opens, the same for every send from it.
  const [key, setKey] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await run(
      (api) => publishOffer(api, offer.id, { price: price.replace(',', '.'), prompt }, key),
      t('admin.offers.published'),
    );
    if (done) setOpen(false);
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setKey(newIdempotencyKey());
          setOpen(true);
        }}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
      >
        {t('admin.offers.publish')}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={submit}>
              <DialogTitle>{t('admin.offers.publish')}</DialogTitle>
              <DialogDescription>{t('admin.offers.publishText', { title: offer.title })}</DialogDescription>
              <label
                htmlFor={`publish-price-${offer.id}`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.offers.shopPrice')}
              </label>
              <input
                id={`publish-price-${offer.id}`}
                type="number"
                min={0.01}
                step={0.01}
                required
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                className="block w-40 rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <label
                htmlFor={`publish-prompt-${offer.id}`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.offers.prompt')}
              </label>
              <textarea
                id={`publish-prompt-${offer.id}`}
                required
                minLength={3}
                maxLength={4000}
                rows={4}
                value={prompt}
                onChange={(event) => setPrompt(event.target.value)}
                aria-describedby={`publish-prompt-${offer.id}-hint`}
                lang="en"
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <p id={`publish-prompt-${offer.id}-hint`} className="mt-1.5 text-xs text-slate-500">
                {t('adminWork.offers.publishHint')}
              </p>
              <DialogActions>
                <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                  {t('admin.cancel')}
                </button>
                <button type="submit" className={buttonStyles.primary}>
                  {t('admin.offers.publish')}
                </button>
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
