/** The newsletter form's states (spec section 4): idle, loading, then success or error, back to idle after 2 s. */
export type NewsletterState = {
  email: string;
  loading: boolean;
  error: string | null;
  successMessage: string | null;
};

export type NewsletterEvent =
  | { type: 'type'; email: string }
  | { type: 'submit' }
  | { type: 'succeeded'; message: string }
  | { type: 'failed'; message: string }
  | { type: 'expired' };

export const initialNewsletterState: NewsletterState = {
  email: '',
  loading: false,
  error: null,
  successMessage: null,
};

export function newsletterReducer(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'type':
      return { ...state, email: event.email };
    case 'submit':
      return { ...state, loading: true, error: null, successMessage: null };
    case 'succeeded':
      // The field is cleared on success.
      return { email: '', loading: false, error: null, successMessage: event.message };
    case 'failed':
      return { ...state, loading: false, error: event.message };
    case 'expired':
      return { ...state, error: null, successMessage: null };
  }
}

/** The line under the field: the message while there is one, else the neutral hint. */
export function newsletterLine(state: NewsletterState, hint: string): string {
  return state.successMessage ?? state.error ?? hint;
}
