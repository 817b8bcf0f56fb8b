/** How a field says it is in error: the form fields set it with their message (form-fields.tsx). */
const FIELD_IN_ERROR = '[aria-invalid="true"]';
const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';
/** A server's answer (an upload's) may take this long; a failure after it moves no focus. */
const WAIT_MS = 60_000;
/** Client-side checks answer within this: the form is looked at again then, if nothing changed. */
const SETTLE_MS = 300;

/** The control to put the focus on for a field marked in error (itself, or the first inside a group). */
function focusTarget(marked: HTMLElement): HTMLElement | null {
  const control = marked.matches(FOCUSABLE) ? marked : marked.querySelector<HTMLElement>(FOCUSABLE);
  if (!control || control.matches(':disabled')) return null;
  return control.checkVisibility() ? control : null;
}

/** While the form waits for an answer (its submit button busy, its fields disabled), nothing is decided. */
function busy(form: HTMLFormElement): boolean {
  return (
    form.querySelector('[aria-busy="true"]') !== null ||
    (form.elements.length > 0 && [...form.elements].every((element) => element.matches(':disabled')))
  );
}

/**
 * One rule for every form of the shop: when a submission fails, by the browser's checks with the
 * form's schema or by the server's answer, the focus goes to the first field in error (in the
 * page's order), brought to the middle of the window so its label and message show too.
 *
 * It watches the form that was submitted, from the submit event until a field in error appears
 * (or the visitor starts typing, or a minute has passed), so no form needs code of its own for it.
 * Answers the function that stops watching.
 */
export function focusFirstErrorAfterSubmit(page: Document): () => void {
  let stopWatching = () => {};

  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    const form: HTMLFormElement = event.target;
    stopWatching();

    const settle = () => {
      if (busy(form)) return;
      const active = page.activeElement;
      // The visitor has gone on to type somewhere else.
      if (active && !form.contains(active) && active.matches('input, select, textarea')) return stop();
      for (const marked of form.querySelectorAll<HTMLElement>(FIELD_IN_ERROR)) {
        const target = focusTarget(marked);
        if (!target) continue;
        stop();
        if (target !== active) target.focus({ preventScroll: true });
        target.scrollIntoView({ block: 'center', behavior: 'instant' });
        return;
      }
    };

    const changes = new MutationObserver(settle);
    changes.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-invalid', 'aria-busy', 'disabled'],
    });
    // Errors found again as they were (the same fields) change nothing in the page.
    const settled = setTimeout(settle, SETTLE_MS);
    const expired = setTimeout(() => stop(), WAIT_MS);
    // Typing again after the failure is the visitor's own move: the focus stays where they put it.
    const typed = () => stop();
    form.addEventListener('input', typed);

    function stop() {
      changes.disconnect();
      clearTimeout(settled);
      clearTimeout(expired);
      form.removeEventListener('input', typed);
      if (stopWatching === stop) stopWatching = () => {};
    }
    stopWatching = stop;
  };

  page.addEventListener('submit', onSubmit);
  return () => {
    stopWatching();
    page.removeEventListener('submit', onSubmit);
  };
}
