import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from './api-client';
import {
  applyServerErrors,
  failureText,
  fieldError,
  formFailureText,
  paymentFailureKey,
  paymentFailureText,
  usableMessage,
} from './form-errors';
import { createTranslator, type Translate } from './i18n';
import { messagesFor } from './messages.server';

describe('fieldError', () => {
  const polish = createTranslator('pl', messagesFor('pl')).t;

  it('writes a schema’s key in the page’s language, with its values', () => {
    expect(fieldError('password.min', polish)).toBe('Hasło musi mieć co najmniej 8 znaków.');
    expect(fieldError('refund.amount_too_high', polish, { amount: '5,00 €' })).toContain('5,00 €');
  });

  it('shows a text the API already wrote as it is, and nothing for no message', () => {
    expect(fieldError('Adres e-mail jest już zajęty.', polish)).toBe('Adres e-mail jest już zajęty.');
    expect(fieldError(undefined, polish)).toBeUndefined();
  });
});

describe('applyServerErrors', () => {
  it('asks for the "Validation error" text when a 422 names no field', () => {
    const placed: string[] = [];
    const result = applyServerErrors(
      new ApiError(422, 'The given data was invalid.'),
      (field) => placed.push(field),
      ['email'],
    );
    expect(result.textKey).toBe('form.validationError');
    expect(placed).toEqual([]);
  });

  it('puts field errors on their fields and asks for no catalogue text', () => {
    const placed: string[] = [];
    const error = new ApiError(422, 'The email field is required.', {
      email: ['The email field is required.'],
    });
    const result = applyServerErrors(error, (field) => placed.push(field), ['email']);
    expect(placed).toEqual(['email']);
    expect(result).toEqual({ message: null, status: 422, textKey: null });
  });

  it('tells a guest refused with 401 that login is needed', () => {
    const result = applyServerErrors(new ApiError(401, 'Unauthenticated.'), () => {}, ['email']);
    expect(result.textKey).toBe('form.needLogin');
  });
});

describe('failureText (spec section 8)', () => {
  // The texts as keys, to see which one was chosen.
  const t: Translate = (key) => `<${key}>`;

  it('shows the API’s own words: a field error first, else its message', () => {
    const refused = apiErrorFrom(
      422,
      'Unprocessable Content',
      '{"message":"The given data was invalid.","errors":{"email":["Please enter a valid e-mail address."]}}',
    );
    expect(failureText(refused, t, 'footer.newsletterFailed')).toBe('Please enter a valid e-mail address.');
    const gone = apiErrorFrom(409, 'Conflict', '{"message":"Dieses Angebot ist nicht mehr offen."}');
    expect(failureText(gone, t, 'offers.approveFailed')).toBe('Dieses Angebot ist nicht mehr offen.');
  });

  it('gives the action’s generic text where the failure carries only a status text', () => {
    const failures = [
      // The API's own 500 answers "Server Error": no message for a user.
      apiErrorFrom(500, 'Internal Server Error', '{"message":"Server Error","code":"INTERNAL"}'),
      // A gateway's HTML page.
      apiErrorFrom(502, 'Bad Gateway', '<html><body>Bad Gateway</body></html>'),
      apiErrorFrom(503, 'Service Unavailable', ''),
      // A 4xx whose body is not the API's JSON.
      apiErrorFrom(404, 'Not Found', '<h1>Not Found</h1>'),
      // No answer at all: fetch rejects, an upload ends with status 0.
      new TypeError('Failed to fetch'),
      apiErrorFrom(0, 'Network error', ''),
      'thrown text',
    ];
    for (const failure of failures) {
      expect(usableMessage(failure)).toBeNull();
      expect(failureText(failure, t, 'offers.withdrawFailed')).toBe('<offers.withdrawFailed>');
    }
  });
});

describe('paymentFailureText (spec section 8, payment screens)', () => {
  const t: Translate = (key) => `<${key}>`;

  it('asks to log in again after a 401 and names the server error for a 5xx', () => {
    expect(paymentFailureKey(apiErrorFrom(401, 'Unauthorized', '{"message":"Unauthenticated."}'))).toBe(
      'payment.authError',
    );
    expect(
      paymentFailureText(
        apiErrorFrom(500, 'Internal Server Error', '{"message":"Server Error"}'),
        t,
        'deposit.checkoutFailed',
      ),
    ).toBe('<payment.serverError>');
    expect(
      paymentFailureText(apiErrorFrom(502, 'Bad Gateway', '<html></html>'), t, 'offers.cardFailed'),
    ).toBe('<payment.serverError>');
  });

  it('keeps the API’s words and falls back to the step’s own text without an answer', () => {
    const refused = apiErrorFrom(422, '', '{"message":"x","errors":{"iban":["IBAN ungültig."]}}');
    expect(paymentFailureText(refused, t, 'offers.bankFailed')).toBe('IBAN ungültig.');
    expect(paymentFailureText(new TypeError('Failed to fetch'), t, 'offers.bankFailed')).toBe(
      '<offers.bankFailed>',
    );
    expect(paymentFailureKey(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('formFailureText', () => {
  const t: Translate = (key) => `[${key}]`;
  const apply = (error: unknown) =>
    formFailureText(
      error,
      applyServerErrors(error, () => {}, ['email']),
      t,
      'form.unexpected',
    );

  it('says nothing for the whole form when the failure sits on its fields', () => {
    expect(apply(new ApiError(422, 'Invalid.', { email: ['The email is taken.'] }))).toBeNull();
  });

  it('gives the generic text, never the status text, for a server error or no answer', () => {
    expect(apply(new ApiError(500, 'Internal Server Error'))).toBe('[form.unexpected]');
    expect(apply(new ApiError(502, 'Bad Gateway'))).toBe('[form.unexpected]');
    expect(apply(new TypeError('Failed to fetch'))).toBe('[form.unexpected]');
  });

  it("keeps the API's own words and the catalogue's texts", () => {
    expect(apply(new ApiError(409, 'Conflict', null, { message: 'The account holds money.' }))).toBe(
      'The account holds money.',
    );
    expect(apply(new ApiError(422, 'The given data was invalid.'))).toBe('[form.validationError]');
  });
});
