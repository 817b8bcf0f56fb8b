import type { Profile } from '@promptmarket/contracts/accounts';
import type { Country } from '@promptmarket/contracts/content';
import {
  expiryInFuture,
  type Offer,
  offerResponse,
  PAYOUT_DAYS,
  VERIFICATION_THRESHOLD_EUR,
} from '@promptmarket/contracts/offers';
import { validationText } from '@promptmarket/contracts/validation-messages';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { formatAmount } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import {
  type ContactField,
  expiryMonths,
  expiryYears,
  firstContactProblem,
  groupCardNumber,
  offerFailure,
} from './rules';

type Step = 'details' | 'contact' | 'method' | 'bank' | 'card' | 'success' | 'verification';
type Method = 'sepa' | 'card';
type Contact = Record<ContactField, string>;

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

/** The fields of the bank and card steps, where a server's field error can be shown in place. */
const paymentFields = new Set([
  'full_name',
  'iban',
  'terms',
  'card_number',
  'card_holder_name',
  'expire_month',
  'expire_year',
  'amount',
]);

const euro = (amount: number, locale: string) => `${formatAmount(Math.round(amount * 100), locale)} EUR`;

/** The spec's (section 5) checks of the bank form, in its words. */
function bankProblems(values: { full_name: string; iban: string; terms: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.full_name.trim()) problems.full_name = 'full_name.required';
  const iban = values.iban.replace(/\s+/g, '');
  if (!iban) problems.iban = 'iban.required';
  else if (!/^[A-Za-z]{2}\d{2}[A-Za-z0-9]{1,30}$/.test(iban)) problems.iban = 'iban.invalid';
  if (!values.terms) problems.terms = 'terms.confirm';
  return problems;
}

/** The spec's (section 5) checks of the card form, in its words. */
function cardProblems(values: {
  card_number: string;
  card_holder_name: string;
  expire_month: string;
  expire_year: string;
  terms: boolean;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!/^\d{13,}$/.test(values.card_number.replace(/\s+/g, ''))) problems.card_number = 'card_number.invalid';
  if (!values.card_holder_name.trim()) problems.card_holder_name = 'card_holder_name.required';
  if (!values.expire_month) problems.expire_month = 'expire_month.required';
  if (!values.expire_year) problems.expire_year = 'expire_year.required';
  if (
    values.expire_month &&
    values.expire_year &&
    !expiryInFuture(Number(values.expire_month), Number(values.expire_year), new Date())
  ) {
    problems.expire_month = 'expiry.past';
  }
  if (!values.terms) problems.terms = 'terms.confirm';
  return problems;
}

function Summary({ offer, method }: { offer: Offer; method: Method }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <dl className="mt-4 space-y-1.5 rounded-xl bg-slate-50 p-4 text-sm">
      <p className="font-semibold text-slate-900">{t('offers.summary.title')}</p>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('offers.summary.amount')}</dt>
        <dd className="font-medium">{euro(offer.service_price ?? 0, locale)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('offers.summary.method')}</dt>
        <dd>{method === 'sepa' ? t('offers.method.sepa') : t('offers.method.card')}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('offers.summary.arrives')}</dt>
        <dd>{t('offers.summary.days', { days: PAYOUT_DAYS[method] })}</dd>
      </div>
    </dl>
  );
}

function Select({
  label,
  error,
  children,
  ...props
}: React.ComponentProps<'select'> & { label: string; error?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${selectClass} ${error ? 'border-red-500' : ''}`}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The approval chain of spec section 2: the offer, then contact information, then SEPA or card,
 * then success. An offer of 150 EUR or more needs an approved identity verification first; the
 * dialog then says so and links to it. Closes on Escape and on a press outside.
 */
export function ApprovalDialogs({
  offer,
  user,
  countries,
  onClose,
  onChanged,
}: {
  offer: Offer;
  user: Profile;
  countries: Country[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const [step, setStep] = useState<Step>('details');
  const [method, setMethod] = useState<Method>('sepa');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [contact, setContact] = useState<Contact>({
    name: user.first_name,
    surname: user.last_name,
    email: user.email,
    phone: user.phone ?? '',
    address: '',
    city: '',
    postCode: '',
    country: '',
  });
  const [bank, setBank] = useState({
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    iban: '',
    terms: false,
  });
  const [card, setCard] = useState({
    card_number: '',
    card_holder_name: `${user.first_name} ${user.last_name}`.trim(),
    expire_month: '',
    expire_year: '',
    terms: false,
  });
  const [destination, setDestination] = useState('');
  const text = (key: string) => validationText(key, locale);
  const price = offer.service_price ?? 0;

  const go = (next: Step) => {
    setNotice(null);
    setErrors({});
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
      await api.post('/offer/decline', offerResponse, { id: offer.id });
      onChanged();
      onClose();
    } catch (caught) {
      const failure = offerFailure(caught);
      setNotice(
        failure === null ? t('offers.declineFailed') : 'key' in failure ? t(failure.key) : failure.text,
      );
    } finally {
      setBusy(false);
    }
  }

  function submitContact(event: FormEvent) {
    event.preventDefault();
    const problem = firstContactProblem(contact);
    if (problem) {
      setErrors({ [problem.field]: text(problem.key) });
      return;
    }
    go('method');
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    const problems = method === 'sepa' ? bankProblems(bank) : cardProblems(card);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, text(key)])));
    setNotice(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const body = { ...contact, currency: 'EUR', id: { id: offer.id } };
      const { payload } =
        method === 'sepa'
          ? await api.post('/offer/approve', offerResponse, {
              ...body,
              full_name: bank.full_name,
              iban: bank.iban,
            })
          : await api.post('/offer/withdraw/card', offerResponse, {
              ...body,
              card_number: card.card_number,
              card_holder_name: card.card_holder_name,
              expire_month: card.expire_month,
              expire_year: card.expire_year,
              amount: String(price),
            });
      setDestination(payload.payout?.destination ?? '');
      onChanged();
      go('success');
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'VERIFICATION_REQUIRED') {
        go('verification');
        return;
      }
      if (caught instanceof ApiError && caught.errors) {
        setErrors(
          Object.fromEntries(
            Object.entries(caught.errors).map(([name, messages]) => [name, messages[0] ?? '']),
          ),
        );
        // Errors of this step's fields show beside them; only others (the contact step's) need a notice.
        if (Object.keys(caught.errors).every((name) => paymentFields.has(name))) return;
      }
      const failure = offerFailure(caught);
      const fallback = method === 'sepa' ? t('offers.bankFailed') : t('offers.cardFailed');
      setNotice(failure === null ? fallback : 'key' in failure ? t(failure.key) : failure.text);
    } finally {
      setBusy(false);
    }
  }

  const contactField = (field: ContactField, props: React.ComponentProps<'input'> = {}) => (
    <TextField
      label={t(`offers.contact.${field}`)}
      value={contact[field]}
      onChange={(event) => setContact((current) => ({ ...current, [field]: event.target.value }))}
      error={errors[field]}
      {...props}
    />
  );

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? null : onClose())}>
      <DialogContent closeLabel={t('offers.close')} aria-describedby={undefined} className="max-w-xl">
        {notice ? (
          <div className="mb-4 pr-10">
            <FormAlert kind="error">{notice}</FormAlert>
          </div>
        ) : null}
        {step === 'details' ? (
          <>
            <DialogTitle>{t('offers.details.title', { title: offer.title })}</DialogTitle>
            {offer.doc_type === 'image' ? (
              <img
                src={offer.doc_url}
                alt=""
                className="mt-4 max-h-64 w-full rounded-xl object-contain bg-slate-50"
              />
            ) : null}
            {offer.description ? <p className="mt-3 text-sm text-slate-600">{offer.description}</p> : null}
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-500">{t('offers.details.yourPrice')}</dt>
                <dd className="font-medium">{euro(offer.user_price, locale)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('offers.details.ourPrice')}</dt>
                <dd className="text-lg font-bold text-brand-700">{euro(price, locale)}</dd>
              </div>
            </dl>
            <DialogActions>
              <button type="button" className={buttonStyles.secondary} onClick={decline} disabled={busy}>
                {busy ? t('offers.details.declining') : t('offers.details.decline')}
              </button>
              <button type="button" className={buttonStyles.primary} onClick={accept} disabled={busy}>
                {t('offers.details.accept')}
              </button>
            </DialogActions>
          </>
        ) : null}
        {step === 'verification' ? (
          <>
            <DialogTitle>{t('offers.verification.title')}</DialogTitle>
            <DialogDescription>{t('offers.verification.text')}</DialogDescription>
            <DialogActions>
              <button type="button" className={buttonStyles.secondary} onClick={onClose}>
                {t('offers.close')}
              </button>
              <Link to={paths.verification(locale)} className={buttonStyles.primary}>
                {t('offers.verification.link')}
              </Link>
            </DialogActions>
          </>
        ) : null}
        {step === 'contact' ? (
          <form onSubmit={submitContact} noValidate>
            <DialogTitle>{t('offers.contact.title')}</DialogTitle>
            <DialogDescription>{t('offers.contact.text')}</DialogDescription>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {contactField('name', { autoComplete: 'given-name' })}
              {contactField('surname', { autoComplete: 'family-name' })}
              {contactField('email', { type: 'email', autoComplete: 'email' })}
              {contactField('phone', { type: 'tel', autoComplete: 'tel' })}
              {contactField('address', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
              {contactField('city', { autoComplete: 'address-level2' })}
              {contactField('postCode', { autoComplete: 'postal-code' })}
              <div className="sm:col-span-2">
                <Select
                  label={t('offers.contact.country')}
                  value={contact.country}
                  onChange={(event) => setContact((current) => ({ ...current, country: event.target.value }))}
                  error={errors.country}
                >
                  <option value="">{t('offers.contact.chooseCountry')}</option>
                  {countries.map((country) => (
                    <option key={country.iso} value={country.iso}>
                      {country.name}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            <DialogActions>
              <button type="button" className={buttonStyles.secondary} onClick={() => go('details')}>
                {t('offers.back')}
              </button>
              <button type="submit" className={buttonStyles.primary}>
                {t('offers.continue')}
              </button>
            </DialogActions>
          </form>
        ) : null}
        {step === 'method' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              go(method === 'sepa' ? 'bank' : 'card');
            }}
          >
            <DialogTitle>{t('offers.method.title')}</DialogTitle>
            <fieldset className="mt-4 space-y-3">
              <legend className="sr-only">{t('offers.method.title')}</legend>
              {(['sepa', 'card'] as const).map((choice) => (
                <label
                  key={choice}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="payout-method"
                    value={choice}
                    checked={method === choice}
                    onChange={() => setMethod(choice)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{t(`offers.method.${choice}`)}</span>
                    <span className="block text-sm text-slate-600">{t(`offers.method.${choice}Time`)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <DialogActions>
              <button type="button" className={buttonStyles.secondary} onClick={() => go('contact')}>
                {t('offers.back')}
              </button>
              <button type="submit" className={buttonStyles.primary}>
                {t('offers.continue')}
              </button>
            </DialogActions>
          </form>
        ) : null}
        {step === 'bank' ? (
          <form onSubmit={pay} noValidate>
            <DialogTitle>{t('offers.bank.title')}</DialogTitle>
            <div className="mt-4 space-y-4">
              <TextField
                label={t('offers.bank.fullName')}
                value={bank.full_name}
                onChange={(event) => setBank((current) => ({ ...current, full_name: event.target.value }))}
                autoComplete="name"
                error={errors.full_name}
              />
              <TextField
                label={t('offers.bank.iban')}
                value={bank.iban}
                onChange={(event) => setBank((current) => ({ ...current, iban: event.target.value }))}
                hint={t('offers.bank.ibanHint')}
                autoComplete="off"
                spellCheck={false}
                error={errors.iban}
              />
              <CheckboxField
                label={t('offers.terms')}
                checked={bank.terms}
                onChange={(event) => setBank((current) => ({ ...current, terms: event.target.checked }))}
                error={errors.terms}
              />
            </div>
            <Summary offer={offer} method="sepa" />
            <DialogActions>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => go('method')}
                disabled={busy}
              >
                {t('offers.back')}
              </button>
              <SubmitButton busy={busy} busyLabel={t('offers.sending')}>
                {t('offers.confirmPayout')}
              </SubmitButton>
            </DialogActions>
          </form>
        ) : null}
        {step === 'card' ? (
          <form onSubmit={pay} noValidate>
            <DialogTitle>{t('offers.card.title')}</DialogTitle>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('offers.card.number')}
                value={card.card_number}
                onChange={(event) =>
                  setCard((current) => ({ ...current, card_number: groupCardNumber(event.target.value) }))
                }
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={19}
                error={errors.card_number}
                className="sm:col-span-2"
              />
              <TextField
                label={t('offers.card.holder')}
                value={card.card_holder_name}
                onChange={(event) =>
                  setCard((current) => ({ ...current, card_holder_name: event.target.value }))
                }
                autoComplete="cc-name"
                error={errors.card_holder_name}
                className="sm:col-span-2"
              />
              <Select
                label={t('offers.card.year')}
                value={card.expire_year}
                onChange={(event) =>
                  setCard((current) => ({ ...current, expire_year: event.target.value, expire_month: '' }))
                }
                error={errors.expire_year}
              >
                <option value="">{t('offers.card.choose')}</option>
                {expiryYears().map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </Select>
              <Select
                label={t('offers.card.month')}
                value={card.expire_month}
                onChange={(event) => setCard((current) => ({ ...current, expire_month: event.target.value }))}
                error={errors.expire_month}
              >
                <option value="">{t('offers.card.choose')}</option>
                {expiryMonths(card.expire_year ? Number(card.expire_year) : null).map((month) => (
                  <option key={month} value={month}>
                    {String(month).padStart(2, '0')}
                  </option>
                ))}
              </Select>
              <TextField
                label={t('offers.card.amount')}
                value={euro(price, locale)}
                readOnly
                error={errors.amount}
                className="sm:col-span-2"
              />
              <CheckboxField
                label={t('offers.terms')}
                checked={card.terms}
                onChange={(event) => setCard((current) => ({ ...current, terms: event.target.checked }))}
                error={errors.terms}
                className="sm:col-span-2"
              />
            </div>
            <Summary offer={offer} method="card" />
            <DialogActions>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => go('method')}
                disabled={busy}
              >
                {t('offers.back')}
              </button>
              <SubmitButton busy={busy} busyLabel={t('offers.sending')}>
                {t('offers.confirmPayout')}
              </SubmitButton>
            </DialogActions>
          </form>
        ) : null}
        {step === 'success' ? (
          <>
            <DialogTitle>{t('offers.success.title')}</DialogTitle>
            <DialogDescription>
              {t('offers.success.text', {
                amount: euro(price, locale),
                destination,
                days: PAYOUT_DAYS[method],
              })}
            </DialogDescription>
            <DialogActions>
              <button type="button" className={buttonStyles.primary} onClick={onClose}>
                {t('offers.success.done')}
              </button>
            </DialogActions>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
