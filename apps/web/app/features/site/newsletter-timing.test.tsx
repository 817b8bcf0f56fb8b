// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type NewsletterEvent, newsletterLine, useNewsletterState } from './newsletter-state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const hint = "Your email is safe with us. We don't spam.";
const thanks =
  'Almost done! Please check your inbox and confirm your subscription with the link we sent you.';

/** The form's line under the field, driven by the form's own state and timer. */
let send: (...events: NewsletterEvent[]) => void = () => undefined;
function Line() {
  const [state, dispatch] = useNewsletterState();
  send = (...events) => {
    for (const event of events) dispatch(event);
  };
  return <p>{newsletterLine(state, hint)}</p>;
}

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Line />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const shown = () => container.textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the newsletter message', () => {
  it('is shown for 2 seconds after a subscription: there at 1.9 s, gone at 2 s', () => {
    act(() => send({ type: 'submit' }));
    act(() => send({ type: 'succeeded', message: thanks }));
    wait(1_900);
    expect(shown()).toBe(thanks);
    wait(100);
    expect(shown()).toBe(hint);
  });

  it('gets its full 2 seconds when the same text comes again while the one before is up', () => {
    act(() => send({ type: 'submit' }));
    act(() => send({ type: 'succeeded', message: thanks }));
    wait(1_000);
    // A second subscription (Enter, then a click) answered at once, in one render.
    act(() => send({ type: 'submit' }, { type: 'succeeded', message: thanks }));
    wait(1_900);
    expect(shown()).toBe(thanks);
    wait(100);
    expect(shown()).toBe(hint);
  });

  it('shows an error for 2 seconds too, and a new attempt does not inherit its timer', () => {
    act(() => send({ type: 'submit' }));
    act(() => send({ type: 'failed', message: 'An error occurred during subscription.' }));
    wait(1_500);
    act(() => send({ type: 'submit' }));
    wait(400);
    act(() => send({ type: 'failed', message: 'An error occurred during subscription.' }));
    wait(1_900);
    expect(shown()).toBe('An error occurred during subscription.');
    wait(100);
    expect(shown()).toBe(hint);
  });
});
