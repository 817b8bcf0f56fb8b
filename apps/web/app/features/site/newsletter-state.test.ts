import { describe, expect, it } from 'vitest';
import { initialNewsletterState, newsletterLine, newsletterReducer } from './newsletter-state';

const hint = "Your email is safe with us. We don't spam.";

describe('newsletter states', () => {
  it('goes idle -> loading -> success, clearing the field, then back to the hint', () => {
    let state = newsletterReducer(initialNewsletterState, { type: 'type', email: 'a@example.test' });
    expect(newsletterLine(state, hint)).toBe(hint);
    state = newsletterReducer(state, { type: 'submit' });
    expect(state).toMatchObject({ loading: true, email: 'a@example.test' });
    state = newsletterReducer(state, { type: 'succeeded', message: 'Thank you for subscribing!' });
    expect(state).toEqual({
      email: '',
      loading: false,
      error: null,
      successMessage: 'Thank you for subscribing!',
      shown: 1,
    });
    expect(newsletterLine(state, hint)).toBe('Thank you for subscribing!');
    state = newsletterReducer(state, { type: 'expired', shown: 1 });
    expect(newsletterLine(state, hint)).toBe(hint);
  });

  it('keeps the address on error and shows the message until it expires', () => {
    let state = newsletterReducer({ ...initialNewsletterState, email: 'bad' }, { type: 'submit' });
    state = newsletterReducer(state, { type: 'failed', message: 'An error occurred during subscription.' });
    expect(state).toMatchObject({
      email: 'bad',
      loading: false,
      error: 'An error occurred during subscription.',
    });
    expect(newsletterLine(newsletterReducer(state, { type: 'expired', shown: 1 }), hint)).toBe(hint);
  });
});
