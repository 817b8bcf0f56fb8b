import type { Profile } from '@promptmarket/contracts/accounts';
import type { Country } from '@promptmarket/contracts/content';
import { type Offer, VERIFICATION_THRESHOLD_EUR } from '@promptmarket/contracts/offers';
import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-fields';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useApi } from '../../../lib/use-api';
import {
  approveOffer,
  declineOffer,
  retryPayoutToBank,
  retryPayoutToCard,
  withdrawOfferToCard,
} from '../api';
import { offerFailureText, payoutFailureText } from '../rules';
import { BankStep } from './bank-step';
import { CardStep } from './card-step';
import { ContactStep } from './contact-step';
import { DeclineStep } from './decline-step';
import { DetailsStep } from './details-step';
import { MethodStep } from './method-step';
import {
  type BankValues,
  type CardValues,
  type ContactValues,
  type PayoutPrefill,
  paymentFields,
  payoutDefaults,
} from './payout-forms';
import type { PayoutMethod } from './payout-summary';
import { SuccessStep } from './success-step';
import { VerificationStep } from './verification-step';

type Step = 'details' | 'decline' | 'contact' | 'method' | 'bank' | 'card' | 'success' | 'verification';

/**
 * The approval chain of spec section 2: the offer, then contact information, then SEPA or card,
 * then success. An offer of 150 EUR or more needs an approved identity verification first; the
 * dialog then says so and links to it, as it does when the API answers VERIFICATION_REQUIRED.
 * Declining is asked again before it is sent. The forms open filled from the profile and the
 * identity verification.
 * What each step holds is kept here, so going back and forth loses nothing. Closes on Escape and
 * on a press outside. With `retry`, the chain starts at the choice of payout: the seller gives new
 * details for a payout that failed, and it is tried again.
 */
export function ApprovalDialogs({
  offer,
  user,
  verification = null,
  lastDeposit = null,
  countries,
  onClose,
  onChanged,
  retry = false,
}: {
  offer: Offer;
  user: Profile;
  verification?: PayoutPrefill['verification'];
  lastDeposit?: PayoutPrefill['lastDeposit'];
  countries: Country[];
  onClose: () => void;
  onChanged: () => void;
  retry?: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [step, setStep] = useState<Step>(retry ? 'method' : 'details');
  const [method, setMethod] = useState<PayoutMethod>('sepa');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const price = offer.service_price ?? 0;
  const [prefilled] = useState(() => payoutDefaults({ ...user, verification, lastDeposit }, price));
  const [contact, setContact] = useState<ContactValues>(prefilled.contact);
  const [bank, setBank] = useState<BankValues>(prefilled.bank);
  const [card, setCard] = useState<CardValues>(prefilled.card);
  const [destination, setDestination] = useState('');

  const go = (next: Step) => {
    setNotice(null);
    setStep(next);
  };

  function accept() {
    if (price >= VERIFICATION_THRESHOLD_EUR && user.verification_data.status !== 'approved')
      go('verification');
    else go('contact');
  }

  async function decline() {
    setBusy(true);
    setNotice(null);
    try {
      await declineOffer(api, offer.id);
      onChanged();
      onClose();
    } catch (caught) {
      setNotice(offerFailureText(caught, t, 'offers.declineFailed'));
    } finally {
      setBusy(false);
    }
  }

  /**
   * Accepts the offer with the chosen payout. Answers the server's texts of refused fields, for
   * the step to show beside them; anything else becomes the dialog's notice.
   */
  async function pay(
    request: { method: 'sepa'; values: BankValues } | { method: 'card'; values: CardValues },
  ): Promise<Record<string, string>> {
    setBusy(true);
    setNotice(null);
    try {
      const body = { ...contact, currency: 'EUR' as const, id: { id: offer.id } };
      const { payload } = retry
        ? request.method === 'sepa'
          ? await retryPayoutToBank(api, {
              id: offer.id,
              full_name: request.values.full_name,
              iban: request.values.iban,
            })
          : await retryPayoutToCard(api, {
              id: offer.id,
              card_number: request.values.card_number,
              card_holder_name: request.values.card_holder_name,
              expire_month: request.values.expire_month,
              expire_year: request.values.expire_year,
              amount: request.values.amount,
            })
        : request.method === 'sepa'
          ? await approveOffer(api, {
              ...body,
              full_name: request.values.full_name,
              iban: request.values.iban,
            })
          : await withdrawOfferToCard(api, {
              ...body,
              card_number: request.values.card_number,
              card_holder_name: request.values.card_holder_name,
              expire_month: request.values.expire_month,
              expire_year: request.values.expire_year,
              amount: request.values.amount,
            });
      setDestination(payload.payout?.destination ?? '');
      onChanged();
      go('success');
      return {};
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'VERIFICATION_REQUIRED') {
        go('verification');
        return {};
      }
      const refused =
        caught instanceof ApiError && caught.errors
          ? Object.fromEntries(
              Object.entries(caught.errors).map(([name, messages]) => [name, messages[0] ?? '']),
            )
          : {};
      // Errors of this step's fields show beside them; only others (the contact step's) need a notice.
      if (
        caught instanceof ApiError &&
        caught.errors &&
        Object.keys(refused).every((name) => paymentFields.includes(name))
      )
        return refused;
      const call = retry
        ? request.method === 'sepa'
          ? 'retryBank'
          : 'retryCard'
        : request.method === 'sepa'
          ? 'approve'
          : 'withdraw';
      setNotice(payoutFailureText(caught, t, call));
      return refused;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? null : onClose())}>
      <DialogContent closeLabel={t('offers.close')} aria-describedby={undefined} className="max-w-xl">
        {notice ? (
          <div className="mb-4 pr-10">
            <FormAlert kind="error">{notice}</FormAlert>
          </div>
        ) : null}
        {step === 'details' ? (
          <DetailsStep offer={offer} busy={busy} onDecline={() => go('decline')} onAccept={accept} />
        ) : null}
        {step === 'decline' ? (
          <DeclineStep offer={offer} busy={busy} onKeep={() => go('details')} onDecline={decline} />
        ) : null}
        {step === 'verification' ? (
          <VerificationStep status={user.verification_data.status} onClose={onClose} />
        ) : null}
        {step === 'contact' ? (
          <ContactStep
            defaultValues={contact}
            countries={countries}
            onBack={(values) => {
              setContact(values);
              go('details');
            }}
            onDone={(values) => {
              setContact(values);
              go('method');
            }}
          />
        ) : null}
        {step === 'method' ? (
          <MethodStep
            method={method}
            onBack={(choice) => {
              setMethod(choice);
              if (retry) onClose();
              else go('contact');
            }}
            onChoose={(choice) => {
              setMethod(choice);
              go(choice === 'sepa' ? 'bank' : 'card');
            }}
          />
        ) : null}
        {step === 'bank' ? (
          <BankStep
            offer={offer}
            defaultValues={bank}
            onBack={(values) => {
              setBank(values);
              go('method');
            }}
            onSend={(values) => {
              setBank(values);
              return pay({ method: 'sepa', values });
            }}
          />
        ) : null}
        {step === 'card' ? (
          <CardStep
            offer={offer}
            defaultValues={card}
            onBack={(values) => {
              setCard(values);
              go('method');
            }}
            onSend={(values) => {
              setCard(values);
              return pay({ method: 'card', values });
            }}
          />
        ) : null}
        {step === 'success' ? (
          <SuccessStep offer={offer} method={method} destination={destination} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
