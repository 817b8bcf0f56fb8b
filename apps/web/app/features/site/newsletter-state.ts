import { useEffect, useReducer } from 'react';
import { NEWSLETTER_MESSAGE_MS } from './rules';

/** The newsletter form's states (spec section 4): idle, loading, then success or error, back to idle after 2 s. */
export type NewsletterState = {
  email: string;
  loading: boolean;
  error: string | null;
  successMessage: string | null;
  /**
   * How many messages have been shown. Each one gets its own 2 seconds, counted from when it is
   * shown: the same text again (a second subscription) is a new message, not the old one's rest.
   */
  shown: number;
};

export type NewsletterEvent =
  | { type: 'type'; email: string }
  | { type: 'submit' }
  | { type: 'succeeded'; message: string }
  | { type: 'failed'; message: string }
  /** The 2 seconds of message number `shown` are over. */
  | { type: 'expired'; shown: number };

export const initialNewsletterState: NewsletterState = {
  email: '',
  loading: false,
  error: null,
  successMessage: null,
  shown: 0,
};

export function newsletterReducer(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'type':
      return { ...state, email: event.email };
    case 'submit':
      return { ...state, loading: true, error: null, successMessage: null };
    case 'succeeded':
      // The field is cleared on success.
      return {
        email: '',
        loading: false,
        error: null,
        successMessage: event.message,
        shown: state.shown + 1,
      };
    case 'failed':
      return { ...state, loading: false, error: event.message, shown: state.shown + 1 };
    case 'expired':
      // A later message keeps its own time.
      return event.shown === state.shown ? { ...state, error: null, successMessage: null } : state;
  }
}

/** The line under the field: the message while there is one, else the neutral hint. */
export function newsletterLine(state: NewsletterState, hint: string): string {
  return state.successMessage ?? state.error ?? hint;
}

/**
 * The form's state, each message taken away NEWSLETTER_MESSAGE_MS after it is shown. The timer
 * belongs to the message (its number), not to its text: keyed to the text, a message shown
 * again while the one before was up kept that one's timer and went after what was left of it.
 */
export function useNewsletterState() {
  const [state, dispatch] = useReducer(newsletterReducer, initialNewsletterState);
  const { shown } = state;
  useEffect(() => {
    if (shown === 0) return;
    const timer = setTimeout(() => dispatch({ type: 'expired', shown }), NEWSLETTER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return [state, dispatch] as const;
}
