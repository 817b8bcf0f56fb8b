import { OFFER_FILE_KINDS } from '@promptmarket/contracts/offers';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from '../../lib/api-client';
import {
  badgeTone,
  euroText,
  expiryMonths,
  expiryYears,
  groupCardNumber,
  inTab,
  OFFER_FILE_ACCEPT,
  offerFailure,
  offerFailureText,
  offerFileKind,
  offerFileProblem,
  payoutFailureText,
  tabCounts,
} from './rules';

describe('tabs', () => {
  it('counts each group, the three declined statuses as one', () => {
    const offers = [
      { status: 'pending' },
      { status: 'offer' },
      { status: 'approved' },
      { status: 'declined' },
      { status: 'declined_by_service' },
      { status: 'declined_by_user' },
    ] as const;
    expect(tabCounts(offers)).toEqual({ all: 6, pending: 1, offer: 1, approved: 1, declined: 3 });
    expect(offers.filter((offer) => inTab(offer, 'declined'))).toHaveLength(3);
    expect(offers.filter((offer) => inTab(offer, 'all'))).toHaveLength(6);
  });

  it('gives each status its badge', () => {
    expect(
      ['pending', 'offer', 'approved', 'declined_by_user'].map((status) => badgeTone(status as never)),
    ).toEqual(['warning', 'primary', 'success', 'danger']);
  });
});

describe('offerFailure (spec section 8)', () => {
  it('picks the message in the spec order', () => {
    expect(offerFailure(new ApiError(500, 'Trying to access array offset on value of type null'))).toEqual({
      key: 'offers.apiError',
    });
    expect(offerFailure(new ApiError(500, 'Gateway timeout from the bank'))).toEqual({
      key: 'offers.gatewayError',
    });
    expect(
      offerFailure(
        new ApiError(422, 'The given data was invalid.', { title: ['Please enter a title.'], price: ['x'] }),
      ),
    ).toEqual({ text: 'Please enter a title.' });
    expect(offerFailure(new ApiError(422, 'This offer can no longer be accepted or declined.'))).toEqual({
      text: 'This offer can no longer be accepted or declined.',
    });
    expect(offerFailure(new ApiError(500, ''))).toBeNull();
    expect(offerFailure(new ApiError(413, 'Payload Too Large'))).toEqual({ key: 'offers.tooLarge' });
  });

  it('leaves failures without words of the API to the generic text', () => {
    // The API's own 500, a gateway's HTML page, a dropped connection and an upload without answer.
    expect(offerFailure(new ApiError(500, 'Server Error', null, { message: 'Server Error' }))).toBeNull();
    expect(offerFailure(apiErrorFrom(502, 'Bad Gateway', '<html>Bad Gateway</html>'))).toBeNull();
    expect(offerFailure(new TypeError('Failed to fetch'))).toBeNull();
    expect(offerFailure(apiErrorFrom(0, 'Network error', ''))).toBeNull();
    expect(offerFailure(apiErrorFrom(404, 'Not Found', '{"message":"No offer found."}'))).toEqual({
      text: 'No offer found.',
    });
  });
});

describe('the texts of failed offer calls (spec section 8)', () => {
  const t = (key: string) => `<${key}>`;
  const serverError = apiErrorFrom(500, 'Internal Server Error', '{"message":"Server Error"}');
  const noAnswer = new TypeError('Failed to fetch');

  it('gives creating and declining their generic texts without words of the API', () => {
    expect(offerFailureText(serverError, t, 'offers.createFailed')).toBe('<offers.createFailed>');
    expect(offerFailureText(noAnswer, t, 'offers.declineFailed')).toBe('<offers.declineFailed>');
    expect(offerFailureText(new ApiError(413, 'Payload Too Large'), t, 'offers.createFailed')).toBe(
      '<offers.tooLarge>',
    );
  });

  it('gives each payout call its own text, and the payment screens’ texts for a 401 and a 5xx', () => {
    expect(payoutFailureText(noAnswer, t, 'approve')).toBe('<offers.approveFailed>');
    expect(payoutFailureText(noAnswer, t, 'withdraw')).toBe('<offers.withdrawFailed>');
    expect(payoutFailureText(noAnswer, t, 'retryBank')).toBe('<offers.bankFailed>');
    expect(payoutFailureText(apiErrorFrom(502, 'Bad Gateway', ''), t, 'retryCard')).toBe(
      '<payment.serverError>',
    );
    expect(payoutFailureText(serverError, t, 'approve')).toBe('<payment.serverError>');
    expect(payoutFailureText(new ApiError(401, 'Unauthenticated.'), t, 'withdraw')).toBe(
      '<payment.authError>',
    );
    // The offers' own 500 texts come first, and the API's words stay.
    expect(payoutFailureText(new ApiError(500, 'Gateway refused the transfer'), t, 'approve')).toBe(
      '<offers.gatewayError>',
    );
    expect(payoutFailureText(new ApiError(409, 'This offer was already accepted.'), t, 'approve')).toBe(
      'This offer was already accepted.',
    );
  });
});

describe('offerFileProblem', () => {
  it('needs a file of an allowed type, at most 10 MB', () => {
    expect(offerFileProblem(null)).toBe('media.required');
    expect(offerFileProblem({ size: 10 * 1024 * 1024 + 1, type: 'image/png', name: 'a.png' })).toBe(
      'media.too_large',
    );
    expect(offerFileProblem({ size: 10, type: 'text/x-php', name: 'a.php' })).toBe('media.type');
    expect(offerFileProblem({ size: 10 * 1024 * 1024, type: 'image/png', name: 'a.png' })).toBeNull();
    expect(offerFileProblem({ size: 10, type: '', name: 'work.DOCX' })).toBeNull();
  });

  it('takes the spec’s list, the same the API takes: JPG, PNG, GIF, SVG, PDF, DOC, DOCX, and no WebP', () => {
    const taken = (name: string, type = '') => offerFileProblem({ size: 10, type, name }) === null;
    expect(
      ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.svg', 'a.pdf', 'a.doc', 'a.docx'].every((name) => taken(name)),
    ).toBe(true);
    expect(taken('a.webp', 'image/webp')).toBe(false);
    expect(taken('a.bmp', 'image/bmp')).toBe(false);
    expect(OFFER_FILE_KINDS).toEqual(['jpeg', 'png', 'gif', 'svg', 'pdf', 'doc', 'docx']);
  });

  it('offers the file chooser the pictures by type and the documents by name', () => {
    expect(OFFER_FILE_ACCEPT).toBe('image/jpeg,image/png,image/gif,image/svg+xml,.pdf,.doc,.docx');
  });
});

describe('prices', () => {
  it('writes a euro price as the language writes amounts', () => {
    expect(euroText(45.5, 'en')).toBe('45.50 EUR');
    expect(euroText(1234.05, 'de')).toBe('1.234,05 EUR');
  });
});

describe('card form', () => {
  it('groups the number in fours, at most 19 characters', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-42x42 424242424242999')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('42424')).toBe('4242 4');
  });

  it('offers this year and the next nine, and no month already past', () => {
    const now = new Date(2026, 10, 22);
    expect(expiryYears(now)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035]);
    expect(expiryMonths(2026, now)).toEqual([11, 12]);
    expect(expiryMonths(2027, now)).toHaveLength(12);
  });
});

describe('the kind of a chosen file', () => {
  it('is read from its type, else from its name, as the server will decide whether it needs a prompt', () => {
    expect(offerFileKind({ type: 'image/jpeg', name: 'x.bin' })).toBe('jpeg');
    expect(offerFileKind({ type: 'image/gif', name: 'work' })).toBe('gif');
    expect(offerFileKind({ type: 'application/msword', name: 'notes' })).toBe('doc');
    expect(offerFileKind({ type: 'image/svg+xml', name: 'drawing.svg' })).toBe('svg');
    expect(offerFileKind({ type: '', name: 'Holiday.JPG' })).toBe('jpeg');
    expect(offerFileKind({ type: '', name: 'notes.docx' })).toBe('docx');
    expect(offerFileKind({ type: 'application/pdf', name: 'notes' })).toBe('pdf');
    expect(offerFileKind({ type: 'text/html', name: 'page.html' })).toBe('other');
  });
});
