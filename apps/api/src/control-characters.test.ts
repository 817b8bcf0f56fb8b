import { validationText } from '@promptmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  randomAddress,
  registerVerifiedUser,
  strongPassword,
  uniqueEmail,
} from './test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from './test/app';
import { contactForm } from './test/contact';
import { depositForm } from './test/deposits';
import { type Part, postMultipart } from './test/multipart';
import { payoutCard, payoutContact } from './test/offers';
import { emptyPdf, verificationFields } from './test/verification';

/**
 * A file name reversed by a right-to-left override, a line break that would start a mail header,
 * and a terminal's set-title escape: none belongs in a name, an address or a phone number.
 */
const hostile = ['\u202Egnp.exe\u202C', 'Ada\r\nBcc: mallory@example.test', '\u001b]0;x\u0007'];
const ordinary = "Zoë O'Brien-Łukasiewicz";
const languages = ['en', 'de', 'fr', 'es', 'it', 'pl'];

let app: TestApp;
let user: BrowserSession;
let sent = 0;

beforeAll(async () => {
  app = await createTestApp();
  ({ session: user } = await registerVerifiedUser(app));
});
afterAll(() => app?.close());

/** The next language in turn, so that every language's text is answered. */
function nextLanguage(): string {
  sent += 1;
  return languages[sent % languages.length] as string;
}

/** Sends a JSON form in a language, from an address of its own (clear of the per-address limits). */
function send(session: BrowserSession, method: 'POST' | 'PUT', url: string, body: unknown, language: string) {
  return call(app, session, method, url, body, { 'frontend-language': language }, randomAddress());
}

/** Expects each hostile value in each field of a JSON form to be refused on that field alone. */
async function refusesEach(
  session: () => Promise<BrowserSession>,
  method: 'POST' | 'PUT',
  url: string,
  valid: Record<string, unknown>,
  fields: string[],
) {
  for (const field of fields) {
    for (const sample of hostile) {
      const language = nextLanguage();
      const response = await send(await session(), method, url, { ...valid, [field]: sample }, language);
      expect(response.statusCode, `${field}: ${JSON.stringify(sample)}`).toBe(422);
      expect(response.json().errors).toEqual({
        [field]: [validationText('field.control_characters', language)],
      });
    }
  }
}

const signedIn = async () => user;
const guest = () => startBrowserSession(app);

describe('control and text direction characters', () => {
  it('are refused in the names and phone number of a registration, in the language of the form', async () => {
    const registration = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail(),
      phone: '+44 20 7946 0000',
      password: strongPassword,
      password_confirmation: strongPassword,
      terms: true,
    };
    await refusesEach(guest, 'POST', '/api/register', registration, ['first_name', 'last_name', 'phone']);
    const german = await send(
      await guest(),
      'POST',
      '/api/register',
      { ...registration, last_name: '\u202Egnp.exe\u202C' },
      'de',
    );
    expect(german.json().errors).toEqual({
      last_name: ['Dieses Feld darf keine Steuerzeichen und keine Zeichen für die Textrichtung enthalten.'],
    });
    const english = await send(
      await guest(),
      'POST',
      '/api/register',
      { ...registration, first_name: 'Ada\r\nBcc: mallory@example.test' },
      'en',
    );
    expect(english.json().errors).toEqual({
      first_name: ['This field may not contain control characters or text direction characters.'],
    });
    const fine = await send(
      await guest(),
      'POST',
      '/api/register',
      { ...registration, last_name: ordinary },
      'en',
    );
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().payload.last_name).toBe(ordinary);
  });

  it('are refused in a profile change, and a name with accents and an apostrophe is taken', async () => {
    const { session } = await registerVerifiedUser(app);
    await refusesEach(async () => session, 'PUT', '/api/user/profile', {}, [
      'first_name',
      'last_name',
      'phone',
    ]);
    const renamed = await send(session, 'PUT', '/api/user/profile', { first_name: ordinary }, 'en');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().payload.first_name).toBe(ordinary);
  });

  it("are refused in a verification's name and address", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const submit = (overrides: Record<string, string>, language: string) => {
      const parts: Part[] = [
        ...Object.entries({ ...verificationFields, ...overrides }).map(([name, value]) => ({ name, value })),
        { name: 'document_front', filename: 'front.png', type: 'image/png', data: png },
        { name: 'document_back', filename: 'back.png', type: 'image/png', data: png },
        { name: 'address_document', filename: 'bill.pdf', type: 'application/pdf', data: emptyPdf },
      ];
      return postMultipart(app, user, '/api/verification', parts, { 'frontend-language': language });
    };
    for (const field of ['full_name', 'city', 'state', 'zip', 'nationality', 'phone']) {
      for (const sample of hostile) {
        const language = nextLanguage();
        const response = await submit({ [field]: sample }, language);
        expect(response.statusCode, `${field}: ${JSON.stringify(sample)}`).toBe(422);
        expect(response.json().errors).toEqual({
          [field]: [validationText('field.control_characters', language)],
        });
      }
    }
    const fine = await submit({ full_name: ordinary }, 'en');
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().payload.full_name).toBe(ordinary);
  });

  it("are refused in a deposit's payer details, in either shape of the form", async () => {
    await refusesEach(signedIn, 'POST', '/api/deposit/validate', depositForm, [
      'first_name',
      'last_name',
      'phone',
      'city',
      'address',
      'post_code',
    ]);
    const original = await send(
      user,
      'POST',
      '/api/deposit/validate',
      {
        ...depositForm,
        first_name: undefined,
        name: '\u001b]0;x\u0007',
        post_code: undefined,
        postCode: 'SW1Y\r\n4JH',
      },
      'en',
    );
    const text = validationText('field.control_characters', 'en');
    expect(original.json().errors).toEqual({ first_name: [text], post_code: [text] });
    const fine = await send(
      user,
      'POST',
      '/api/deposit/validate',
      { ...depositForm, last_name: ordinary },
      'en',
    );
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("are refused in an offer's contact details and in the payout holder's names", async () => {
    // Checked before the offer is looked up: no offer is needed to be refused.
    const id = 2_147_483_647;
    const bank = { full_name: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00' };
    const contactFields = ['name', 'surname', 'phone', 'address', 'city', 'postCode'];
    await refusesEach(signedIn, 'POST', '/api/offer/approve', { ...payoutContact, ...bank, id }, [
      ...contactFields,
      'full_name',
    ]);
    const card = { ...payoutCard, amount: '80' };
    await refusesEach(signedIn, 'POST', '/api/offer/withdraw/card', { ...payoutContact, ...card, id }, [
      ...contactFields,
      'card_holder_name',
    ]);
    await refusesEach(signedIn, 'POST', '/api/offer/payout/sepa', { ...bank, id }, ['full_name']);
    await refusesEach(signedIn, 'POST', '/api/offer/payout/card', { ...card, id }, ['card_holder_name']);
    // A name without them passes the form and meets the missing offer.
    const fine = await send(
      user,
      'POST',
      '/api/offer/approve',
      { ...payoutContact, ...bank, name: ordinary, full_name: ordinary, id },
      'en',
    );
    expect(fine.statusCode, fine.body).toBe(404);
  });

  it("are refused in the contact form's name and subject, and in the original form's names", async () => {
    await refusesEach(guest, 'POST', '/api/contact', contactForm, [
      'name',
      'first_name',
      'last_name',
      'subject',
    ]);
    const fine = await send(await guest(), 'POST', '/api/contact', { ...contactForm, name: ordinary }, 'en');
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
