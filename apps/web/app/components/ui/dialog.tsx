import * as Primitive from '@radix-ui/react-dialog';
import './style-nonce';
import { type ComponentProps, type ReactNode, useRef } from 'react';
import { buttonStyles } from './button-styles';

/** What a dialog may focus first on its own: a field to fill, never a button (it may be the destructive one). */
const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE = `${FIELDS}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/**
 * Modal dialogs of the design system on Radix: focus stays inside while open, Escape and a press
 * on the backdrop close, focus goes back to what opened it (also when the dialog is opened by
 * state rather than by a DialogTrigger), the page behind does not scroll. On opening, focus goes to
 * the first field, or to the dialog itself when it starts with a button.
 */
export const Dialog = Primitive.Root;

/** What opened a dialog, with the parts of the page around it (nearest first) as they were then. */
type Opener = { element: HTMLElement; around: HTMLElement[] };

function openerOf(element: Element | null): Opener | null {
  if (!(element instanceof HTMLElement)) return null;
  const around: HTMLElement[] = [];
  for (let part = element.parentElement; part && part !== document.body; part = part.parentElement) {
    around.push(part);
  }
  return { element, around };
}

/**
 * Where focus goes back to when a dialog closes: what opened it, or, when that is gone (the offer
 * it stood beside was accepted), the first control of the nearest part of the page around it that
 * is still there and has one, rather than the start of the page.
 */
function focusBackTo(opener: Opener | null): HTMLElement | null {
  if (!opener) return null;
  if (opener.element.isConnected) return opener.element;
  for (const part of opener.around) {
    const control = part.isConnected ? part.querySelector<HTMLElement>(FOCUSABLE) : null;
    if (control) return control;
  }
  return null;
}

/** How long after a dialog closes the page behind may still change under the focus. */
const SETTLING_MS = 10_000;

/**
 * The page behind a dialog may change after it has closed (a list reloaded after the action it
 * confirmed: the row's button that opened it is gone). If the control the focus went back to is
 * removed then, the focus moves on to the nearest part of the page still there (the same row's
 * next control), not to the page's start. Stops when the visitor moves the focus themselves.
 */
function followWhenRemoved(opener: Opener, target: HTMLElement) {
  const changes = new MutationObserver(() => {
    if (target.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return stop();
    focusBackTo(opener)?.focus();
    stop();
  });
  changes.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => stop(), SETTLING_MS);
  const moved = (event: FocusEvent) => {
    if (event.target !== target) stop();
  };
  document.addEventListener('focusin', moved);
  function stop() {
    changes.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', moved);
  }
}

export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export function DialogContent({
  className = '',
  children,
  closeLabel,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Primitive.Content> & {
  /** The accessible name of the × button, in the page's language. */
  closeLabel: string;
}) {
  const opener = useRef<Opener | null>(null);
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-ink-900/60 backdrop-blur-sm" />
      <Primitive.Content
        className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl outline-none ${className}`}
        {...props}
        onOpenAutoFocus={(event) => {
          // Focus has not moved yet: what holds it opened the dialog.
          opener.current = openerOf(document.activeElement);
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
          const first = event.target.querySelector<HTMLElement>(FOCUSABLE);
          if (first && !first.matches(FIELDS)) {
            event.preventDefault();
            event.target.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = focusBackTo(opener.current);
          if (target && opener.current) {
            event.preventDefault();
            target.focus();
            followWhenRemoved(opener.current, target);
          }
        }}
      >
        {children}
        <Primitive.Close
          aria-label={closeLabel}
          className="absolute right-3 top-3 inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogTitle({ className = '', ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={`pr-10 text-xl font-bold tracking-tight ${className}`} {...props} />;
}

export function DialogDescription({
  className = '',
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={`mt-2 text-sm text-slate-600 ${className}`} {...props} />;
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/**
 * A form dialog's buttons: one that closes it (as Escape does, so a dialog that holds itself open
 * while its form is sent holds this too) and, with `submit`, one that sends the form, off while `busy`.
 */
export function DialogFormActions({
  cancel,
  submit,
  busy = false,
}: {
  cancel: string;
  submit?: string | undefined;
  busy?: boolean;
}) {
  return (
    <DialogActions>
      <Primitive.Close type="button" className={buttonStyles.secondary}>
        {cancel}
      </Primitive.Close>
      {submit ? (
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {submit}
        </button>
      ) : null}
    </DialogActions>
  );
}
